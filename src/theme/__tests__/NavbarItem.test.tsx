import React from 'react';
import { render, screen } from '@testing-library/react';
import { useAuthenticator } from '@aws-amplify/ui-react';
import NavbarItem from '../NavbarItem';

jest.mock('@aws-amplify/ui-react', () => ({ useAuthenticator: jest.fn() }));

const mockAuthStatus = (authStatus: 'configuring' | 'authenticated' | 'unauthenticated') =>
  jest.mocked(useAuthenticator).mockReturnValue({ authStatus } as ReturnType<typeof useAuthenticator>);

describe('NavbarItem wrapper (spec §2.2)', () => {
  it.each(['unauthenticated', 'configuring'] as const)('renders no navbar item when %s', (status) => {
    mockAuthStatus(status);
    const { container } = render(<NavbarItem type="doc" docId="document_format/schema" label="Document Format" />);
    expect(container).toBeEmptyDOMElement();
  });

  it('renders the theme navbar item with its props once signed in', () => {
    mockAuthStatus('authenticated');
    render(<NavbarItem type="doc" docId="document_format/schema" label="Document Format" />);
    expect(JSON.parse(screen.getByTestId('theme-original').dataset.props ?? '{}')).toEqual({
      type: 'doc',
      docId: 'document_format/schema',
      label: 'Document Format',
    });
  });
});
