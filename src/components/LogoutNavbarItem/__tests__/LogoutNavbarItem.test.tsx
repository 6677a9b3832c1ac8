import React from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthenticator } from '@aws-amplify/ui-react';
import LogoutNavbarItem from '..';

jest.mock('@aws-amplify/ui-react', () => ({ useAuthenticator: jest.fn() }));

describe('LogoutNavbarItem (spec §2.2, §4)', () => {
  const signOut = jest.fn();
  beforeEach(() => {
    signOut.mockReset();
    jest.mocked(useAuthenticator).mockReturnValue({ signOut } as unknown as ReturnType<typeof useAuthenticator>);
  });

  it('signs the user out when clicked', async () => {
    render(<LogoutNavbarItem />);
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('renders as a menu entry in the mobile sidebar', () => {
    render(
      <ul>
        <LogoutNavbarItem mobile />
      </ul>,
    );
    expect(screen.getByRole('listitem')).toContainElement(screen.getByRole('button', { name: 'Logout' }));
  });
});
