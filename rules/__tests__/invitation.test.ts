import { invitationTemplate, PASSWORD_PLACEHOLDER, renderInvitation, USERNAME_PLACEHOLDER } from '../invitation';

describe('the invitation a customer receives', () => {
  const template = invitationTemplate({ productName: 'Reg<Data> & Co', siteUrl: 'https://docs.example.com' });

  it('holds each of Cognito’s placeholders exactly once, and shows the product and the address as written', () => {
    expect(template.body.split(USERNAME_PLACEHOLDER)).toHaveLength(2);
    expect(template.body.split(PASSWORD_PLACEHOLDER)).toHaveLength(2);
    expect(template.body).toContain('the Reg&lt;Data&gt; &amp; Co developer portal');
    expect(template.body).toContain('<a href="https://docs.example.com">https://docs.example.com</a>');
    expect(template.subject).toBe('Your access to the Reg<Data> & Co developer portal');
  });

  it('is rendered locally as Cognito renders it, the values escaped', () => {
    const body = renderInvitation(template, 'jane@example.com', 'Ab3#<x>');
    expect(body).toContain('the username jane@example.com');
    expect(body).toContain('<strong>Ab3#&lt;x&gt;</strong>');
    expect(body).not.toContain(PASSWORD_PLACEHOLDER);
  });
});
