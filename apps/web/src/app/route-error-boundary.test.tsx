import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from './providers.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

function renderWithBoundary(routes: Parameters<typeof createMemoryRouter>[0]) {
  const router = createMemoryRouter(routes, { initialEntries: ['/'] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('route error boundary', () => {
  it('replaces a failed page with a message and a retry that renders it again', async () => {
    // The boundary reports the error; with reporting off that is console.error.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let broken = true;
    function FlakyPage() {
      if (broken) throw new Error('widget failed');
      return <p>Report list</p>;
    }
    renderWithBoundary([{ path: '/', Component: FlakyPage, errorElement: <RouteErrorBoundary /> }]);

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This part of the page could not be shown.');
    expect(consoleError).toHaveBeenCalledWith(expect.objectContaining({ message: 'widget failed' }));

    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Report list')).toBeInTheDocument();
  });

  it('shows the NotFound page for a 404 thrown by a loader', async () => {
    renderWithBoundary([
      {
        path: '/',
        loader: () => {
          throw new Response('missing', { status: 404 });
        },
        Component: () => <p>never</p>,
        hydrateFallbackElement: <p>loading</p>,
        errorElement: <RouteErrorBoundary />,
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
