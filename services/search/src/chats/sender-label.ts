/**
 * Who a mailed answer says sent it (issue 38): the account's name as the profile keeps it, with its address so the
 * reader can tell two Ashas apart — "Asha Rao (asha@example.com)" — or the address alone when there is no name.
 * The name goes into a subject line: control characters (a line break would start a header of its own) and runs
 * of space are taken out, and it is cut to a length a subject can carry.
 */
export function senderLabel(account: { email: string; name: string | null }): string {
  const name = (account.name ?? '')
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
  return name === '' ? account.email : `${name} (${account.email})`;
}
