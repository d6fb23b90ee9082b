import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, CONSOLE_API } from '../../api/client';
import type { CategoriesResponse, CategoryResponse } from '../../api/types';
import { Empty, ErrorMessage, Loading, Section } from '../../ui/primitives';
import { keywordsFromInput, keywordsToInput } from './settings-logic';

const KEY = ['settings', 'categories'] as const;
type Category = CategoriesResponse['categories'][number];

/** Settings > Categories: what `category add|update|list` do; the classifier reads the description and keywords. */
export function CategoriesPage() {
  const categories = useQuery({ queryKey: KEY, queryFn: () => api<CategoriesResponse>(`${CONSOLE_API}/settings/categories`) });
  return (
    <>
      <Section title="Categories">
        <p className="muted small">Tickets are categorised from these names, descriptions and keywords; routing rules can match a category.</p>
        {categories.isPending ? (
          <Loading what="the categories" />
        ) : categories.isError ? (
          <ErrorMessage error={categories.error} retry={() => void categories.refetch()} />
        ) : categories.data.categories.length === 0 ? (
          <Empty>No categories yet. Add the first one below.</Empty>
        ) : (
          <ul className="settings-list" aria-label="Categories">
            {categories.data.categories.map((c) => (
              <CategoryItem key={c.name} category={c} />
            ))}
          </ul>
        )}
      </Section>
      <AddCategory />
    </>
  );
}

function CategoryItem({ category }: { category: Category }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [description, setDescription] = useState(category.description ?? '');
  const [keywords, setKeywords] = useState(keywordsToInput(category.keywords));
  const save = useMutation({
    mutationFn: () =>
      api<CategoryResponse>(`${CONSOLE_API}/settings/categories/${encodeURIComponent(category.name)}`, {
        method: 'PATCH',
        body: { description, keywords: keywordsFromInput(keywords) },
      }),
    onSuccess: () => {
      setEditing(false);
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
  const id = `cat-${category.name.replace(/[^A-Za-z0-9]/g, '_')}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <li className="settings-item">
      <div className="settings-item-head">
        <strong>{category.name}</strong>
        {!editing && (
          <button type="button" onClick={() => setEditing(true)} aria-label={`Edit ${category.name}`}>
            Edit
          </button>
        )}
      </div>
      {!editing ? (
        <>
          <p className="small">{category.description ?? <span className="muted">No description</span>}</p>
          {category.keywords.length > 0 && <p className="small muted">Keywords: {category.keywords.join(', ')}</p>}
        </>
      ) : (
        <form className="settings-form" onSubmit={submit} aria-label={`Edit ${category.name}`}>
          <label htmlFor={`${id}-description`}>Description</label>
          <textarea id={`${id}-description`} rows={2} value={description} onChange={(e) => setDescription(e.target.value)} />
          <label htmlFor={`${id}-keywords`}>Keywords (comma-separated)</label>
          <input id={`${id}-keywords`} value={keywords} onChange={(e) => setKeywords(e.target.value)} />
          {save.isError && <ErrorMessage error={save.error} />}
          <div className="row">
            <button type="submit" className="primary" disabled={save.isPending}>
              Save
            </button>
            <button type="button" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </li>
  );
}

function AddCategory() {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [keywords, setKeywords] = useState('');
  const add = useMutation({
    mutationFn: () =>
      api<CategoryResponse>(`${CONSOLE_API}/settings/categories`, {
        method: 'POST',
        body: { name, ...(description.trim() ? { description } : {}), keywords: keywordsFromInput(keywords) },
      }),
    onSuccess: () => {
      setName('');
      setDescription('');
      setKeywords('');
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate();
  };
  return (
    <Section title="Add a category">
      <form className="settings-form" onSubmit={submit} aria-label="Add a category">
        <label htmlFor="new-category-name">Name</label>
        <input id="new-category-name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} />
        <label htmlFor="new-category-description">Description</label>
        <textarea id="new-category-description" rows={2} value={description} onChange={(e) => setDescription(e.target.value)} />
        <label htmlFor="new-category-keywords">Keywords (comma-separated)</label>
        <input id="new-category-keywords" value={keywords} onChange={(e) => setKeywords(e.target.value)} placeholder="charge, battery, drain" />
        {add.isError && <ErrorMessage error={add.error} />}
        {add.isSuccess && (
          <p role="status" className="ok">
            Added {add.data.category.name}.
          </p>
        )}
        <div className="row">
          <button type="submit" className="primary" disabled={add.isPending}>
            Add category
          </button>
        </div>
      </form>
    </Section>
  );
}
