import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { setUnauthorizedHandler } from './api/http.ts';
import './app/global.css';
import { Providers } from './app/providers.tsx';
import { queryClient } from './app/query-client.ts';
import { router } from './app/router.tsx';

// A 401 from any call but /login: the session is gone. Go to /signin (remembering the page),
// then drop every cached answer of the old session.
setUnauthorizedHandler(() => {
  const { pathname, search } = router.state.location;
  if (pathname.toLowerCase().startsWith('/signin')) return;
  void router
    .navigate('/signin', { replace: true, state: { from: `${pathname}${search}` } })
    .then(() => queryClient.clear());
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
