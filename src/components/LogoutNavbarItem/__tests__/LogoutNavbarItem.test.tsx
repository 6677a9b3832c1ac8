import React from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadSession, type Session } from '@site/src/components/AuthProvider/loadSession';
import { onSignOut } from '@site/rules/signOut';
import LogoutNavbarItem from '..';

jest.mock('@site/src/components/AuthProvider/loadSession', () => ({ loadSession: jest.fn() }));

describe('LogoutNavbarItem (spec §2.2, §4)', () => {
  const signOutLocally = jest.fn();
  beforeEach(() => {
    signOutLocally.mockReset().mockResolvedValue(undefined);
    jest.mocked(loadSession).mockResolvedValue({ signOutLocally } as unknown as Session);
  });

  it('announces the sign-out, then signs the user out, when clicked', async () => {
    const order: string[] = [];
    const unsubscribe = onSignOut(() => order.push('announced'));
    signOutLocally.mockImplementation(async () => void order.push('signed out'));
    render(<LogoutNavbarItem />);
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(signOutLocally).toHaveBeenCalledTimes(1));
    expect(order).toEqual(['announced', 'signed out']);
    unsubscribe();
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
