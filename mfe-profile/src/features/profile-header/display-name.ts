/** docs/product/profile.md#page: the display name falls back to first and last name, then to "Your Name". */
export function profileDisplayName(person: {
  name?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}) {
  const name = person.name?.trim();
  if (name) return name;
  const full = [person.firstName, person.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return full || 'Your Name';
}
