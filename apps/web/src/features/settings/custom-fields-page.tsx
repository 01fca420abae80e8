/** Placeholder while issue 8's page is built. */
export function CustomFieldSetupPage() {
  return null;
}
