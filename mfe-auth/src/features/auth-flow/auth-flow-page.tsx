import { parseWithoutEval } from '@trove/contracts';
import { BuildLabel, usePopup } from '@trove/kit';
import { useMemo, useRef } from 'react';
import { maskEmail } from './email';
import { readRememberedEmail } from './remembered-email';
import type { Step } from './auth-flow-machine';
import { type FlowDialogs, type FlowExit, useAuthFlow } from './use-auth-flow';
import { AuthLayout } from '../auth-layout/auth-layout';
import { UnknownEmailDialog } from '../dialogs/unknown-email-dialog';
import { VerifyEmailDialog } from '../dialogs/verify-email-dialog';
import { IdentifyStep } from '../steps/identify-step';
import { LoginStep } from '../steps/login-step';
import { ProfileStep } from '../steps/profile-step';
import { RegisterStep } from '../steps/register-step';
import { ResetStep } from '../steps/reset-step';
import { VerifyStep } from '../steps/verify-step';

// The site's CSP allows no eval: this remote's zod parses without compiling (contracts' parseWithoutEval).
parseWithoutEval();

const HEADINGS: Record<Step, { title: string; description: string }> = {
  identify: {
    title: 'Sign in or sign up',
    description: "Enter your email. We'll check whether you already have an account.",
  },
  login: { title: 'Welcome back', description: 'Enter your password to continue.' },
  register: { title: 'Create your account', description: 'Choose a password for your new account.' },
  verify: { title: 'Check your email', description: 'One more step: confirm the code we sent.' },
  reset: { title: 'Set a new password', description: 'Choose a new password for your account.' },
  profile: {
    title: 'Finish your profile',
    description: 'Tell us who you are. You can change the rest later on your profile page.',
  },
};

/** The popup options both dialogs share: explicit choices only, never a backdrop click (docs/product/accounts.md#unknown-email-dialog). */
const DIALOG_OPTIONS = {
  size: 'sm',
  backdrop: true,
  backgroundFade: true,
  closable: false,
  allowBackdropClose: false,
} as const;

/**
 * The unified step flow of docs/product/accounts.md#steps: the hook holds the flow; this page picks the step
 * and opens its dialogs. Rendered by trove_auth/AuthPage in the app (the router's navigation as `exit`) and
 * by the drawn page's island before the app has started (expose/islands.tsx, docs/decisions/222).
 */
export function AuthFlowPage({ exit }: { exit: FlowExit }) {
  const popup = usePopup();
  const stepRef = useRef<HTMLDivElement>(null);
  const dialogs = useMemo<FlowDialogs>(() => {
    // The step behind a dialog changes while the dialog holds focus (its trap pulls the step's autofocus
    // back), so once it has closed, keyboard users are put in the step's first field.
    // Deferred past the popup's unmount, whose focus trap would otherwise pull the focus back.
    const onClose = () =>
      setTimeout(
        () =>
          stepRef.current
            ?.querySelector<HTMLElement>('input:not([hidden]):not([type="hidden"]):not([type="checkbox"])')
            ?.focus(),
        50,
      );
    return {
      unknownEmail: (email, actions) =>
        popup.open(
          <UnknownEmailDialog
            maskedEmail={maskEmail(email)}
            onUseDifferentEmail={actions.useDifferentEmail}
            onSignUp={actions.signUp}
          />,
          { ...DIALOG_OPTIONS, title: 'Create your account', onClose },
        ),
      verifyEmail: (otp, actions) =>
        popup.open(
          <VerifyEmailDialog
            maskedEmail={maskEmail(otp.target)}
            resendAt={otp.resendAt}
            onUseDifferentEmail={actions.useDifferentEmail}
            onVerifyNow={actions.verifyNow}
          />,
          { ...DIALOG_OPTIONS, title: 'Verify your email', onClose },
        ),
      close: () => popup.close(),
    };
  }, [popup.open, popup.close]);
  const { state, errors, busy, actions } = useAuthFlow(dialogs, exit);
  const remembered = useMemo(() => readRememberedEmail(), []);
  const heading = HEADINGS[state.step];

  return (
    <AuthLayout
      title={heading.title}
      description={heading.description}
      footer={<BuildLabel label={__TROVE_BUILD_LABEL__} />}
    >
      <div ref={stepRef}>
        {state.step === 'identify' ? (
          <IdentifyStep
            key={state.round}
            initialEmail={state.email}
            error={errors.email}
            busy={busy}
            onSubmit={actions.identify}
            onEdit={() => actions.clearError('email')}
          />
        ) : null}
        {state.step === 'login' ? (
          <LoginStep
            email={state.email}
            remembered={remembered !== null}
            error={errors.password}
            busy={busy}
            onSubmit={actions.login}
            onForgotPassword={actions.forgotPassword}
            onChangeEmail={actions.startOver}
            onEdit={() => actions.clearError('password')}
          />
        ) : null}
        {state.step === 'register' ? (
          <RegisterStep
            email={state.email}
            error={errors.password}
            busy={busy}
            onSubmit={actions.register}
            onChangeEmail={actions.startOver}
            onEdit={() => actions.clearError('password')}
          />
        ) : null}
        {state.step === 'verify' && state.otp ? (
          <VerifyStep
            // A new code starts with empty boxes.
            key={`${state.otp.purpose}-${state.otp.expiresAt}`}
            otp={state.otp}
            error={errors.code}
            busy={busy}
            onSubmit={actions.verify}
            onResend={actions.resend}
            onChangeEmail={actions.startOver}
            onEdit={actions.clearCodeError}
          />
        ) : null}
        {state.step === 'reset' ? (
          <ResetStep
            email={state.email}
            errors={errors}
            busy={busy}
            onSubmit={actions.resetPassword}
            onChangeEmail={actions.startOver}
            onEdit={actions.clearError}
          />
        ) : null}
        {state.step === 'profile' ? (
          <ProfileStep
            email={state.email}
            errors={errors}
            busy={busy}
            onSubmit={actions.saveProfile}
            onEdit={actions.clearError}
          />
        ) : null}
      </div>
    </AuthLayout>
  );
}
