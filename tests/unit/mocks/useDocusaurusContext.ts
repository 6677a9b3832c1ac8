/** `@docusaurus/useDocusaurusContext` for unit tests; tests replace `mockSiteConfig.customFields`. */
export const mockSiteConfig: { title: string; customFields: Record<string, unknown> } = {
  title: 'RegData',
  customFields: {},
};
export default function useDocusaurusContext() {
  return { siteConfig: mockSiteConfig };
}
