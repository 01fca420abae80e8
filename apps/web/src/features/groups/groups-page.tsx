/** Placeholder while issue 8's page is built. */
export function GroupsPage() {
  return null;
}
