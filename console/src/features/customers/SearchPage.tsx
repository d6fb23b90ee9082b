import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from 'wouter';
import { api, CONSOLE_API } from '../../api/client';
import type { SearchResponse } from '../../api/types';
import { Empty, ErrorMessage, Loading } from '../../ui/primitives';

const hrefOf = (r: SearchResponse['results'][number]) =>
  r.kind === 'ticket' ? `/tickets/${r.id}` : r.kind === 'customer' ? `/customers/${r.id}` : `/devices/${encodeURIComponent(r.id)}`;

export default function SearchPage() {
  const q = new URLSearchParams(useSearch()).get('q')?.trim() ?? '';
  const results = useQuery({ queryKey: ['search', q], queryFn: () => api<SearchResponse>(`${CONSOLE_API}/search?q=${encodeURIComponent(q)}`), enabled: q !== '' });
  return (
    <div>
      <h1>Search</h1>
      {q === '' ? (
        <Empty>Type an email, a device identifier or a ticket id in the search box.</Empty>
      ) : results.isPending ? (
        <Loading what="results" />
      ) : results.isError ? (
        <ErrorMessage error={results.error} />
      ) : results.data.results.length === 0 ? (
        <Empty>Nothing matches “{q}”.</Empty>
      ) : (
        <ul className="results">
          {results.data.results.map((r) => (
            <li key={`${r.kind}:${r.id}`}>
              <span className="muted">{r.kind}</span> <Link href={hrefOf(r)}>{r.label}</Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
