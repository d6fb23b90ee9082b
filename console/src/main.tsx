import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { App } from './app';
import { loadRuntimeConfig } from './api/config';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 15_000, retry: (count, error) => count < 2 && !(error as { status?: number }).status, refetchOnWindowFocus: false },
  },
});

loadRuntimeConfig().then(
  () => {
    createRoot(document.getElementById('root') as HTMLElement).render(
      <QueryClientProvider client={queryClient}>
        <Router base="/console">
          <App />
        </Router>
      </QueryClientProvider>,
    );
  },
  (error: unknown) => {
    const root = document.getElementById('root') as HTMLElement;
    root.textContent = `The console could not load its configuration: ${error instanceof Error ? error.message : String(error)}`;
  },
);
