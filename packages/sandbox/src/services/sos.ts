import type { components } from '@marketkit/sdk';
import { customerOf, type SandboxContext } from '../core/context.ts';
import { badRequest, conflict, notFound } from '../core/errors.ts';
import type { ContractHandlers } from '../core/handler-types.ts';
import type { BookingRecord } from '../core/state.ts';
import { ownOrder } from './ofs.ts';
import { DAY_MS, isBookable, paginate, slotById, slotStartsAt, slotsBetween } from './views.ts';

type S<Name extends keyof components['schemas']> = components['schemas'][Name];

function bookingView(context: SandboxContext, record: BookingRecord): S<'Booking'> | undefined {
  const found = context.seed.product(record.product_id);
  if (!found) return undefined;
  const slot = slotById(context.state, found.product, record.slot_id);
  if (!slot) return undefined;
  const upcoming = slotStartsAt(slot) > context.now;
  const active = record.status === 'booked' || record.status === 'rescheduled';
  return {
    booking_id: record.booking_id,
    order_id: record.order_id,
    order_item_id: record.order_item_id,
    product_id: record.product_id,
    product_name: found.product.detail.product_name,
    slot,
    status: active && !upcoming ? 'completed' : record.status,
    created_at: record.created_at,
    can_cancel: active && upcoming,
    can_reschedule: active && upcoming,
  };
}

function ownBooking(context: SandboxContext, bookingId: number) {
  const { customer, store } = customerOf(context);
  const record = context.state.bookings.find(
    (b) => b.booking_id === bookingId && b.customer_id === customer.customer_id && b.store === store.name,
  );
  if (!record) throw notFound(`Booking ${bookingId} was not found`);
  return record;
}

export const sosHandlers = {
  listSlots: ({ query }, context) => {
    const found = context.seed.product(query.product_id);
    if (!found || (context.principal && context.principal.store.name !== found.store.name))
      throw notFound(`Product ${query.product_id} was not found`);
    if (!isBookable(found.product))
      throw badRequest(`${found.product.detail.product_name} is not booked by time slot`);
    const from = query.from_date ? new Date(`${query.from_date}T00:00:00.000Z`) : context.now;
    const to = query.to_date
      ? new Date(`${query.to_date}T23:59:59.000Z`)
      : new Date(from.getTime() + 13 * DAY_MS);
    if (to < from)
      throw badRequest('to_date is before from_date', [
        { field: 'to_date', code: 'INVALID', message: 'Must not be before from_date' },
      ]);
    const data = slotsBetween(context.state, found.product, from, to).filter(
      (slot) => slotStartsAt(slot) > context.now,
    );
    return { body: { data } };
  },

  listBookings: ({ query }, context) => {
    const { customer, store } = customerOf(context);
    const views = context.state.bookings
      .filter((b) => b.customer_id === customer.customer_id && b.store === store.name)
      .map((b) => bookingView(context, b))
      .filter((b): b is S<'Booking'> => b !== undefined)
      .filter((b) => {
        if (!query.status) return true;
        if (query.status === 'cancelled') return b.status === 'cancelled';
        if (query.status === 'past') return b.status === 'completed';
        return b.status === 'booked' || b.status === 'rescheduled';
      })
      .sort((a, b) => slotStartsAt(a.slot).getTime() - slotStartsAt(b.slot).getTime());
    return { body: paginate(views, query.page_number, query.page_limit, 10) };
  },

  rescheduleBooking: ({ path, body }, context) => {
    const record = ownBooking(context, path.bookingId);
    const view = bookingView(context, record);
    if (!view?.can_reschedule) throw conflict('This booking can no longer be rescheduled');
    const product = context.seed.product(record.product_id)?.product;
    const slot = product ? slotById(context.state, product, body.slot_id) : undefined;
    if (!product || !slot)
      throw badRequest(`Slot ${body.slot_id} is not a slot of this service`, [
        { field: 'slot_id', code: 'NOT_ALLOWED', message: 'Unknown slot' },
      ]);
    if (slotStartsAt(slot) <= context.now)
      throw badRequest('That slot has already started; choose a later one');
    if (slot.slot_id === record.slot_id) throw badRequest('That is already the booked slot');
    if (slot.booked >= slot.capacity) throw conflict('That slot is fully booked; choose another one');
    record.slot_id = slot.slot_id;
    record.status = 'rescheduled';
    for (const order of context.state.orders) {
      for (const item of order.items)
        if (item.order_item_id === record.order_item_id)
          item.slot = slotById(context.state, product, slot.slot_id) ?? null;
    }
    return { body: bookingView(context, record) as S<'Booking'>, message: 'Booking moved' };
  },

  cancelBooking: ({ path }, context) => {
    const record = ownBooking(context, path.bookingId);
    const view = bookingView(context, record);
    if (!view?.can_cancel) throw conflict('This booking can no longer be cancelled');
    record.status = 'cancelled';
    return { body: bookingView(context, record) as S<'Booking'>, message: 'Booking cancelled' };
  },

  getTrainingOverview: ({ path, query }, context) => {
    const { order } = ownOrder(context, query.order_id);
    const item = order.items.find((i) => i.order_item_id === path.orderItemId);
    if (!item) throw notFound(`Order item ${path.orderItemId} is not part of this order`);
    const product = context.seed.product(item.product_id)?.product;
    const training = product?.training;
    const mode = product?.detail.type_details.training?.mode;
    if (!product || !training || !mode) throw notFound(`${item.product_name} is not a training`);
    const first = item.slot
      ? slotStartsAt(item.slot)
      : new Date(new Date(order.created_at).getTime() + 3 * DAY_MS);
    if (!item.slot) first.setUTCHours(10, 0, 0, 0);
    const cancelled = item.item_status === 'Cancelled';
    const sessions: S<'TrainingSession'>[] = training.sessions.map((session, index) => {
      const starts = new Date(first.getTime() + index * 7 * DAY_MS);
      const ended = starts.getTime() + session.duration_minutes * 60_000 <= context.now.getTime();
      return {
        session_id: item.order_item_id * 100 + index + 1,
        title: session.title,
        starts_at: starts.toISOString(),
        duration_minutes: session.duration_minutes,
        status: cancelled ? 'cancelled' : ended ? 'completed' : 'scheduled',
        location:
          mode === 'classroom'
            ? (product.detail.type_details.service?.location ?? 'Store training room')
            : null,
        join_link:
          mode === 'online' && !cancelled && !ended
            ? `/trainingOverview/${item.order_item_id}/${order.order_id}#session-${index + 1}`
            : null,
      };
    });
    const completed = sessions.filter((s) => s.status === 'completed').length;
    return {
      body: {
        order_id: order.order_id,
        order_item_id: item.order_item_id,
        product_id: item.product_id,
        product_name: item.product_name,
        mode,
        trainer_name: training.trainer_name,
        progress_percent: Math.round((completed / sessions.length) * 100),
        sessions,
      },
    };
  },
} satisfies Partial<ContractHandlers>;
