import { useEffect, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { locationSearchBounds, type Location } from '@app/contract/locations';
import { MapPin, Search, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '@/components/ui/field-error';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { useLocationSearch } from '../../birth-details/api/search-locations';
import { placeFromLocation, placeLabel, type BirthPlace } from '../../birth-details/birth-details-form';

/** Waits this long after the last keystroke before searching. */
export const locationSearchDebounceMs = 200;

function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

export interface LocationSearchProps {
  /** The input's id (its label points here). */
  id: string;
  value: BirthPlace | null;
  onChange: (place: BirthPlace | null) => void;
  onBlur?: () => void;
  /** Focus target for the form (react-hook-form's field ref). */
  inputRef?: Ref<HTMLInputElement>;
  error?: string;
  placeholder: string;
}

/**
 * Birth-place search: the ARIA 1.2 combobox pattern (an input with role combobox that controls a
 * listbox; the active option is announced through aria-activedescendant while the focus stays in
 * the input). Arrow keys move through the suggestions, Enter chooses, Escape closes.
 */
export function LocationSearch({ id, value, onChange, onBlur, inputRef, error, placeholder }: LocationSearchProps) {
  const { t } = useTranslation();
  const listboxId = `${id}-listbox`;
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;
  const selectedId = `${id}-selected`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const [text, setText] = useState(() => (value ? placeLabel(value) : ''));
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const localInput = useRef<HTMLInputElement | null>(null);

  // A place chosen from outside (the saved one arriving) shows its name in the input.
  const [shownPlace, setShownPlace] = useState(value);
  if (value !== shownPlace) {
    setShownPlace(value);
    if (value) setText(placeLabel(value));
  }

  const term = value ? '' : text.trim();
  const debouncedTerm = useDebouncedValue(term, locationSearchDebounceMs);
  const search = useLocationSearch(debouncedTerm);
  const settledTerm = debouncedTerm === term;
  const results: readonly Location[] = search.data ?? noResults;

  const tooShort = term.length < locationSearchBounds.minQueryLength;
  // Searching: the typed text is not yet debounced, or its answer has not arrived.
  const searching = !tooShort && (!settledTerm || search.isFetching);
  const hasOptions = !tooShort && results.length > 0 && !search.isError;
  const showOptions = open && hasOptions;
  const popupVisible = open && term.length > 0;

  const [shownResults, setShownResults] = useState(results);
  if (results !== shownResults) {
    setShownResults(results);
    setActiveIndex(-1);
  }

  useEffect(() => {
    if (activeIndex < 0) return;
    const option = document.getElementById(`${id}-option-${activeIndex}`);
    // jsdom has no layout, hence no scrollIntoView.
    option?.scrollIntoView?.({ block: 'nearest' });
  }, [activeIndex, id]);

  const choose = (location: Location) => {
    const place = placeFromLocation(location);
    setShownPlace(place);
    setText(placeLabel(place));
    setOpen(false);
    setActiveIndex(-1);
    onChange(place);
  };

  const clear = () => {
    setText('');
    setOpen(false);
    onChange(null);
    localInput.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown': {
        event.preventDefault();
        if (!open) {
          setOpen(true);
          if (hasOptions) setActiveIndex(0);
          return;
        }
        if (results.length > 0) setActiveIndex((index) => (index + 1) % results.length);
        return;
      }
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) setOpen(true);
        if (results.length > 0) setActiveIndex((index) => (index <= 0 ? results.length - 1 : index - 1));
        return;
      }
      case 'Enter': {
        if (!showOptions) return;
        // The list is open: Enter chooses, and never submits the form by accident.
        event.preventDefault();
        const location = results[activeIndex];
        if (location) choose(location);
        return;
      }
      case 'Escape': {
        if (popupVisible) {
          event.preventDefault();
          setOpen(false);
          setActiveIndex(-1);
        } else if (!value && text !== '') {
          event.preventDefault();
          setText('');
        }
        return;
      }
      default:
        return;
    }
  };

  const setRefs = (element: HTMLInputElement | null) => {
    localInput.current = element;
    if (typeof inputRef === 'function') inputRef(element);
    else if (inputRef) inputRef.current = element;
  };

  const status = (() => {
    if (!popupVisible || showOptions) return null;
    if (tooShort) return t('locationSearch.tooShort', { count: locationSearchBounds.minQueryLength });
    if (searching) return t('locationSearch.searching');
    if (search.isError) return t('locationSearch.failed');
    return t('locationSearch.noResults');
  })();

  const describedBy = [error ? errorId : null, value ? selectedId : null].filter(Boolean).join(' ');

  return (
    <div className="grid gap-2">
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <input
          ref={setRefs}
          id={id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showOptions}
          aria-controls={listboxId}
          aria-activedescendant={showOptions && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActiveIndex(-1);
            if (value) onChange(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            setActiveIndex(-1);
            onBlur?.();
          }}
          className="flex h-10 w-full min-w-0 rounded-md border border-input bg-card py-2 pr-10 pl-9 text-base text-foreground shadow-xs transition-colors placeholder:text-muted-foreground aria-invalid:border-destructive sm:text-sm"
        />
        {searching && popupVisible ? (
          <Spinner className="absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground" />
        ) : (
          text !== '' && (
          <button
            type="button"
            onClick={clear}
            aria-label={t('locationSearch.clear')}
            className="absolute top-1/2 right-1.5 flex size-7 -translate-y-1/2 cursor-pointer items-center justify-center rounded-sm text-muted-foreground transition-colors hover:bg-accent hover:text-foreground"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
          )
        )}

        <div
          hidden={!popupVisible}
          className="absolute top-full right-0 left-0 z-20 mt-1 overflow-hidden rounded-md border bg-popover text-popover-foreground shadow-lg"
        >
          <ul id={listboxId} role="listbox" hidden={!showOptions} aria-label={t('locationSearch.suggestions')} className="max-h-72 overflow-y-auto p-1">
            {showOptions &&
              results.map((location, index) => {
                const place = placeFromLocation(location);
                const secondary = [place.region && place.region !== place.city ? place.region : null, place.country].filter(Boolean).join(', ');
                return (
                  <li
                    key={`${location.city}-${location.country.code}-${location.latitude}-${location.longitude}`}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === activeIndex}
                    aria-label={placeLabel(place)}
                    // Keeps the focus in the input, so the click lands before the blur closes the list.
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseMove={() => setActiveIndex(index)}
                    onClick={() => choose(location)}
                    className={cn(
                      'flex cursor-pointer items-start gap-2.5 rounded-sm px-2.5 py-2 text-sm',
                      index === activeIndex ? 'bg-accent text-accent-foreground' : undefined,
                    )}
                  >
                    <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                    <span className="min-w-0">
                      <span className="block truncate font-medium">{place.city}</span>
                      <span className="block truncate text-xs text-muted-foreground">{secondary}</span>
                    </span>
                  </li>
                );
              })}
          </ul>
          {status && (
            <p className="px-3 py-2.5 text-sm text-muted-foreground">
              {status}
            </p>
          )}
        </div>
      </div>

      {/* Read by screen readers as the list changes; the popup itself is not a live region. */}
      <p id={statusId} role="status" className="sr-only">
        {popupVisible ? (showOptions ? t('locationSearch.resultCount', { count: results.length }) : status) : ''}
      </p>

      {value && (
        <p id={selectedId} className="flex items-start gap-2 rounded-md border bg-muted/50 px-3 py-2 text-sm">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span className="min-w-0">
            <span className="font-medium">{t('locationSearch.selected', { city: value.city, country: value.country, timezone: value.timezone })}</span>
            <span className="block text-xs text-muted-foreground tabular-nums">
              {t('locationSearch.coordinates', { latitude: formatCoordinate(value.latitude), longitude: formatCoordinate(value.longitude) })}
            </span>
          </span>
        </p>
      )}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

const noResults: readonly Location[] = [];

function formatCoordinate(value: number): string {
  return value.toFixed(4);
}
