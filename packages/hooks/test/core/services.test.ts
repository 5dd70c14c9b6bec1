import type { Schema } from '@marketkit/sdk';
import { describe, expect, it } from 'vitest';
import {
  bookingActions,
  downloadFileName,
  isExternalLink,
  progressPercent,
  rescheduleSlots,
  safeJoinLink,
  serviceStatusChip,
  sessionsByStart,
  trainingRouteIds,
} from '../../src/core/index.ts';

describe('training route ids', () => {
  it.each([
    ['12', '34', { orderItemId: 12, orderId: 34 }],
    ['600001', '500001', { orderItemId: 600001, orderId: 500001 }],
    ['0', '34', null],
    ['12', '0', null],
    ['-1', '34', null],
    ['12.5', '34', null],
    ['1e3', '34', null],
    ['0x10', '34', null],
    [' 12', '34', null],
    ['12', 'abc', null],
    ['9999999999999999', '1', null],
    [undefined, '34', null],
    ['12', null, null],
    ['', '', null],
  ])('%j / %j → %j', (item, order, expected) => {
    expect(trainingRouteIds(item, order)).toEqual(expected);
  });
});

describe('session join links', () => {
  it.each([
    ['https://meet.example.org/latte-art-2', 'https://meet.example.org/latte-art-2'],
    ['  https://meet.example.org/a?b=c#d  ', 'https://meet.example.org/a?b=c#d'],
    ['HTTPS://Meet.Example.org/x', 'https://meet.example.org/x'],
    ['/trainingOverview/1/2#session-1', '/trainingOverview/1/2#session-1'],
    ['/', '/'],
    ['javascript:alert(1)', null],
    ['JavaScript:alert(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['http://meet.example.org/x', null],
    ['//evil.example.com/x', null],
    ['/\\evil.example.com', null],
    ['https://user:pass@evil.example.com/', null],
    ['https://good.example.org/a\nb', null],
    ['https://good.example.org/a b', null],
    ['relative/path', null],
    ['mailto:a@example.com', null],
    ['https://', null],
    ['', null],
    [null, null],
    [undefined, null],
    [`https://example.org/${'a'.repeat(2100)}`, null],
    ['JAVASCRIPT:alert(1)', null],
    ['  javascript:alert(1)', null],
    ['\tjavascript:alert(1)', null],
    ['\u0000javascript:alert(1)', null],
    ['java\tscript:alert(1)', null],
    ['java\nscript:alert(1)', null],
    ['vbscript:msgbox(1)', null],
    ['VBScript:msgbox(1)', null],
    ['DATA:text/html,<script>alert(1)</script>', null],
    ['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', null],
    ['https://meet.example.org/\u0000x', null],
    ['https://meet.example.org/\u001bx', null],
    [' /\\evil.example.com', null],
  ])('[H2] join link %j → %j', (link, expected) => {
    expect(safeJoinLink(link)).toBe(expected);
  });

  it.each([
    ['https://meet.example.org/x', true],
    ['/trainingOverview/1/2', false],
  ])('%s leaves the storefront: %s', (href, external) => {
    expect(isExternalLink(href)).toBe(external);
  });
});

describe('training progress', () => {
  it.each([
    [50, 50],
    [33.333, 33],
    [66.6, 67],
    [0, 0],
    [100, 100],
    [140, 100],
    [-5, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [null, 0],
    [undefined, 0],
  ])('%s → %s', (value, expected) => {
    expect(progressPercent(value)).toBe(expected);
  });
});

describe('sessions in time order', () => {
  it('orders by starts_at across time zones, unreadable dates last, ties stable', () => {
    const sessions = [
      { id: 'c', starts_at: '2024-06-17T16:00:00Z' },
      { id: 'bad', starts_at: 'not a date' },
      { id: 'a', starts_at: '2024-06-10T16:00:00Z' },
      { id: 'b', starts_at: '2024-06-10T18:00:00+02:00' },
      { id: 'b2', starts_at: '2024-06-10T16:00:00.000Z' },
    ];
    expect(sessionsByStart(sessions).map((s) => s.id)).toEqual(['a', 'b', 'b2', 'c', 'bad']);
    expect(sessions[0]?.id).toBe('c');
  });
});

describe('booking actions', () => {
  it.each([
    ['booked', true, true, { reschedule: true, cancel: true }],
    ['rescheduled', true, false, { reschedule: true, cancel: false }],
    ['booked', false, true, { reschedule: false, cancel: true }],
    ['booked', false, false, { reschedule: false, cancel: false }],
    ['cancelled', true, true, { reschedule: false, cancel: false }],
    ['completed', true, true, { reschedule: false, cancel: false }],
  ] as const)('%s, can_reschedule %s, can_cancel %s → %j', (status, canReschedule, canCancel, expected) => {
    expect(bookingActions({ status, can_reschedule: canReschedule, can_cancel: canCancel })).toEqual(
      expected,
    );
  });
});

describe('booking and session status chips', () => {
  it.each([
    ['booking', 'booked', 'info', true],
    ['booking', 'rescheduled', 'info', true],
    ['booking', 'completed', 'success', true],
    ['booking', 'cancelled', 'neutral', true],
    ['booking', 'scheduled', 'neutral', false],
    ['session', 'scheduled', 'info', true],
    ['session', 'completed', 'success', true],
    ['session', 'missed', 'warning', true],
    ['session', 'cancelled', 'neutral', true],
    ['session', 'booked', 'neutral', false],
    ['session', 'postponed', 'neutral', false],
    ['booking', 'toString', 'neutral', false],
    ['session', '__proto__', 'neutral', false],
  ] as const)('%s %s → %s (known: %s)', (kind, value, tone, known) => {
    expect(serviceStatusChip(kind, value)).toEqual({ value, tone, known });
  });
});

describe('slots to move a booking to', () => {
  const slot = (slot_id: number, slot_date: string, start_time: string, booked = 0, product_id = 7) =>
    ({
      slot_id,
      product_id,
      slot_date,
      start_time,
      end_time: '23:00',
      capacity: 3,
      booked,
    }) satisfies Schema<'Slot'>;

  it('leaves out the held slot and other products, keeps full slots, groups by date in order', () => {
    const groups = rescheduleSlots(
      [
        slot(4, '2024-06-16', '14:00'),
        slot(1, '2024-06-15', '09:00'),
        slot(2, '2024-06-15', '11:00', 3),
        slot(3, '2024-06-15', '14:00'),
        slot(9, '2024-06-15', '16:00', 0, 8),
      ],
      { product_id: 7, slot: { slot_id: 1 } },
    );
    expect(groups.map((g) => [g.date, g.slots.map((s) => s.slot_id)])).toEqual([
      ['2024-06-15', [2, 3]],
      ['2024-06-16', [4]],
    ]);
  });

  it('gives no groups when the held slot is the only one', () => {
    expect(
      rescheduleSlots([slot(1, '2024-06-15', '09:00')], { product_id: 7, slot: { slot_id: 1 } }),
    ).toEqual([]);
  });
});

describe('download file names', () => {
  it.each([
    ['attachment; filename="sourdough-baking.pdf"', 'sourdough-baking.pdf'],
    ['attachment; filename=plain.zip', 'plain.zip'],
    ['attachment; filename="with \\"quotes\\".pdf"', 'with quotes.pdf'],
    ["attachment; filename*=UTF-8''%D9%83%D8%AA%D8%A7%D8%A8.pdf", 'كتاب.pdf'],
    ['attachment; filename="fallback.pdf"; filename*=UTF-8\'\'pr%C3%A9f%C3%A9r%C3%A9.pdf', 'préféré.pdf'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename="C:\\\\Windows\\\\evil.exe"', 'evil.exe'],
    ['attachment; filename=".hidden"', 'hidden'],
    ['attachment; filename="a\u0007b<c>.pdf"', 'abc.pdf'],
    ["attachment; filename*=UTF-8''%E0%A4%A", 'fallback name.pdf'],
    ['attachment', 'fallback name.pdf'],
    ['attachment; filename=""', 'fallback name.pdf'],
    [null, 'fallback name.pdf'],
  ])('%j → %j', (header, expected) => {
    expect(downloadFileName(header, 'fallback name.pdf')).toBe(expected);
  });

  it('cleans the fallback too, and never answers an empty name', () => {
    expect(downloadFileName(null, '../x/"Guide".epub')).toBe('Guide.epub');
    expect(downloadFileName(null, '..')).toBe('download');
    expect(downloadFileName(`attachment; filename="${'a'.repeat(300)}.pdf"`, 'x').length).toBe(150);
  });
});
