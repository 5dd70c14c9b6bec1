import { formatDate, formatDuration, formatTime, formatWeekdays } from '@marketkit/hooks/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Dates, times, durations and days as the page's language writes them (through Intl). */
export interface Formatters {
  /** A moment's date: `January 5, 2026`, `5 janvier 2026`. */
  date(value: Date | string | number): string;
  /** A calendar day (`2026-01-05`), the same wherever it is read. */
  day(isoDay: string): string;
  /** A moment's or a wall clock's (`14:05`) time, 12-hour: `2:05 PM`. */
  time(value: Date | string): string;
  /** `45 min`, `2 hr 30 min`. */
  duration(minutes: number): string;
  /** `Monday, Wednesday & Friday`. */
  weekdays(days: readonly string[]): string;
}

/** Formatters in the shopper's language. */
export function formatters(locale: string): Formatters {
  return {
    date: (value) => formatDate(value, { locale }),
    day: (isoDay) => formatDate(`${isoDay}T12:00:00Z`, { locale, timeZone: 'UTC' }),
    time: (value) => formatTime(value, { locale }),
    duration: (minutes) => formatDuration(minutes, locale),
    weekdays: (days) => formatWeekdays(days, { locale }),
  };
}

/** The page's formatters; they follow a language switch. */
export function useFormat(): Formatters {
  const { language } = useTranslation().i18n;
  return useMemo(() => formatters(language), [language]);
}
