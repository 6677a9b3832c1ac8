/** `@docusaurus/useIsBrowser` for unit tests; set `mockIsBrowser.value = false` to mimic SSR. */
export const mockIsBrowser = { value: true };
export default function useIsBrowser(): boolean {
  return mockIsBrowser.value;
}
