// The blog search's form (SPEC 2): the search box, the 'Filter' button that opens 'Filter by Tags'
// (saying how many tags are chosen) and, while anything is applied, 'Clear all filters'.
import type { Ref } from 'react';
import { FilterIcon, SearchIcon } from '@/components/react/icons';
import { SEARCH_BUTTON } from './SearchResults';
import { countText } from '@/lib/text/plural';

interface SearchFormProps {
  inputId: string;
  inputRef: Ref<HTMLInputElement>;
  filterButtonRef: Ref<HTMLButtonElement>;
  /** How many tags are chosen. */
  selectedCount: number;
  filtering: boolean;
  onQueryChange: (text: string) => void;
  onOpenFilter: () => void;
  onClearAll: () => void;
}

export function SearchForm({
  inputId,
  inputRef,
  filterButtonRef,
  selectedCount,
  filtering,
  onQueryChange,
  onOpenFilter,
  onClearAll,
}: SearchFormProps) {
  return (
    <form
      role="search"
      aria-label="Blog posts"
      onSubmit={(event) => event.preventDefault()}
      className="flex flex-col gap-4 sm:flex-row sm:items-end"
    >
      <div className="flex-1">
        <label htmlFor={inputId} className="block font-bold text-ink">
          Search posts
        </label>
        <div className="relative mt-2">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-ink-muted" />
          <input
            ref={inputRef}
            id={inputId}
            type="search"
            placeholder="Search posts..."
            autoComplete="off"
            enterKeyHint="search"
            onChange={(event) => onQueryChange(event.target.value)}
            className="min-h-12 w-full rounded-xl border-2 border-field-line bg-page pr-4 pl-11 text-lg text-ink placeholder:text-ink-muted focus:border-brand"
          />
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <button
          ref={filterButtonRef}
          type="button"
          aria-haspopup="dialog"
          onClick={onOpenFilter}
          className={`${SEARCH_BUTTON} ${
            selectedCount > 0
              ? 'border-brand bg-brand text-on-brand hover:bg-brand-strong'
              : 'border-line bg-page text-ink hover:border-brand'
          }`}
        >
          <FilterIcon className="size-5" />
          Filter
          {selectedCount > 0 && (
            <>
              {' '}
              <span aria-hidden="true">({selectedCount})</span>
              <span className="sr-only">({countText(selectedCount, 'tag')} selected)</span>
            </>
          )}
        </button>
        {filtering && (
          <button
            type="button"
            onClick={onClearAll}
            className={`${SEARCH_BUTTON} border-transparent bg-page text-brand underline underline-offset-4 hover:border-line`}
          >
            Clear all filters
          </button>
        )}
      </div>
    </form>
  );
}
