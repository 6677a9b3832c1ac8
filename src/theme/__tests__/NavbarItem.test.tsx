import React from 'react';
import { render, screen } from '@testing-library/react';
import { usePortalAuth } from '@site/src/components/AuthProvider';
import { portalAuth } from '@site/tests/unit/mocks/portalAuth';
import NavbarItem from '../NavbarItem';

jest.mock('@site/src/components/AuthProvider', () => ({ usePortalAuth: jest.fn() }));

const mockAuthStatus = (authStatus: 'configuring' | 'authenticated' | 'unauthenticated') =>
  jest.mocked(usePortalAuth).mockReturnValue(portalAuth(authStatus));

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
