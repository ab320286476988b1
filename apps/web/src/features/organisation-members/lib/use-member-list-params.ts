import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** Typing settles this long before the list is asked again. */
export const searchDebounceMs = 300;

const searchParam = 'search';
const pageParam = 'page';

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export interface MemberListParamsState {
  search: string;
  page: number;
  /** What is in the search box, ahead of `search` while typing settles. */
  typed: string;
  setTyped(value: string): void;
  setPage(page: number): void;
}

/** The search and page live in the URL (a reload or a shared link keeps them); typing is debounced. */
export function useMemberListParams(): MemberListParamsState {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get(searchParam) ?? '';
  const page = pageFrom(searchParams.get(pageParam));
  const [typed, setTyped] = useState(search);

  useEffect(() => {
    if (typed.trim() === search.trim()) return;
    const timer = setTimeout(() => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (typed.trim()) next.set(searchParam, typed.trim());
          else next.delete(searchParam);
          next.delete(pageParam);
          return next;
        },
        { replace: true },
      );
    }, searchDebounceMs);
    return () => clearTimeout(timer);
  }, [typed, search, setSearchParams]);

  const setPage = (value: number) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (value > 1) next.set(pageParam, String(value));
      else next.delete(pageParam);
      return next;
    });

  return { search, page, typed, setTyped, setPage };
}

