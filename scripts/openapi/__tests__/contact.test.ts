/**
 * @jest-environment node
 *
 * The API reference names the provider's contact the portal is configured with (spec §1), and no other.
 */
import { withProviderContact } from '../contact';

const doc = {
  openapi: '3.1.0',
  info: {
    title: 'API',
    version: '1',
    contact: { name: 'API access', url: 'https://www.regulatory-data.invalid/contact' },
  },
  paths: {},
};

it('puts an https address in as the contact URL', () => {
  expect(withProviderContact(doc, 'https://provider.example/api-access').info.contact).toEqual({
    name: 'API access',
    url: 'https://provider.example/api-access',
  });
});

it('puts a mailto: address in as the contact email', () => {
  expect(withProviderContact(doc, 'mailto:api%40provider.example?subject=Access').info.contact).toEqual({
    name: 'API access',
    email: 'api@provider.example',
  });
});

it('leaves the contact out when none is configured: no address nobody answers, no name with nothing after it', () => {
  const { info } = withProviderContact(doc, undefined);
  expect(info).not.toHaveProperty('contact');
  expect(info).toMatchObject({ title: 'API', version: '1' });
  expect(doc.info.contact.url).toBe('https://www.regulatory-data.invalid/contact');
});
