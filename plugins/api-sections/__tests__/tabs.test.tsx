import React from 'react';
import { render, screen } from '@testing-library/react';
import ApiTabs from '../theme/ApiTabs';
import SchemaTabs, { withLazySchemaTabs } from '../theme/SchemaTabs';

/** The props the wrap passed to the theme's component (tests/unit/mocks/theme-original.tsx). */
const passed = () => JSON.parse(screen.getByTestId('theme-original').dataset.props!) as Record<string, unknown>;

describe('the OpenAPI theme’s tabs render the chosen panel alone where no state lives in the others', () => {
  it('ApiTabs (an operation’s responses, one tab per status code) always', () => {
    render(<ApiTabs label="Responses">{null}</ApiTabs>);
    expect(passed()).toMatchObject({ lazy: true, label: 'Responses' });
  });

  it('SchemaTabs inside a documented request body or response, not in the explorer', () => {
    const { unmount } = render(<SchemaTabs className="openapi-tabs__schema">{null}</SchemaTabs>);
    expect(passed()).toMatchObject({ lazy: false });
    unmount();
    const Documented = withLazySchemaTabs(({ title }: { title: string }) => (
      <SchemaTabs className="openapi-tabs__schema">{title}</SchemaTabs>
    ));
    render(<Documented title="Body" />);
    expect(passed()).toMatchObject({ lazy: true, className: 'openapi-tabs__schema' });
  });
});
