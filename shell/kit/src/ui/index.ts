// @trove/kit/ui — the shared look (issue 20, docs/decisions/041). A subpath, not the kit's index: the index
// is the Module Federation singleton every page loads first, so these stay off `/` unless a page draws them.
// They hold no state shared across apps, so a copy per front-end is harmless (like @trove/kit/icons, ADR 018).
export { Button, type ButtonProps } from './button';
export {
  type ButtonLook,
  type ButtonSize,
  type ButtonVariant,
  buttonClassName,
} from './button-look';
export { Card, type CardProps } from './card';
export { DialogForm, type DialogFormProps, DialogLead, type DialogLeadProps } from './dialog-form';
export { EmptyState, type EmptyStateProps } from './empty-state';
export { Field, type FieldControlProps, type FieldProps, fieldDescribedBy } from './field';
export { Grid, type GridProps } from './grid';
export { Eyebrow, type EyebrowProps, Heading, type HeadingProps } from './heading';
export { IconButton, type IconButtonLook, type IconButtonProps, iconButtonClassName } from './icon-button';
export { Input, type InputProps, inputClassName } from './input';
export { Cluster, type ClusterProps, type Space, Stack, type StackProps } from './layout';
export { LinkButton, type LinkButtonProps } from './link-button';
export { PageHeader, type PageHeaderProps } from './page-header';
export { PillButton, type PillButtonProps } from './pill-button';
export { Placeholder, type PlaceholderProps } from './placeholder';
export { Select, type SelectProps } from './select';
export { Spinner, type SpinnerProps } from './spinner';
export { Table, type TableProps } from './table';
export { type TabItem, Tabs, type TabsProps, tabId, tabPanelId, tabPanelProps } from './tabs';
export { Text, type TextProps } from './text';
export { VisuallyHidden, type VisuallyHiddenProps } from './visually-hidden';
