/**
 * §3 Factory label for models/fetch: one printed unit of an order item on its way through the floor. The store
 * whose order it is reads its progress (printed, picked, cancelled); who did what on the floor and why (the
 * picker, the print, pre-treat and pigeonhole logs, a cancel reason) is for staff.
 */
import { defineModel, toIso, visibleFrom } from './types';

const logOf = (table: string, extra: string) =>
  `coalesce((select json_agg(json_build_object('id', l.id, 'userId', l.user_id, 'createdAt', l.created_at${extra}) order by l.id)
     from ${table} l where l.label_id = t.id), '[]'::json)`;

export const factoryLabel = defineModel({
  type: 'factory_label',
  title: 'Factory label',
  from: 'factory_labels t join orders o on o.id = t.order_id',
  id: 't.id',
  division: 'o.division_id',
  owner: null,
  visible: visibleFrom('store'),
  fields: {
    id: { read: 'store', sql: 't.id' },
    orderId: { read: 'store', sql: 't.order_id' },
    orderItemId: { read: 'store', sql: 't.order_item_id' },
    counter: { read: 'store', sql: 't.counter' },
    pickface: { read: 'store', sql: 't.pickface' },
    toBePicked: { read: 'store', sql: 't.to_be_picked' },
    timesPrinted: { read: 'store', sql: 't.times_printed' },
    cancelled: { read: 'store', sql: 't.cancelled_at is not null' },
    pickedAt: { read: 'store', sql: 't.picked_at', map: toIso },
    cancelledAt: { read: 'store', sql: 't.cancelled_at', map: toIso },
    createdAt: { read: 'store', sql: 't.created_at', map: toIso },
    parentLabelId: { read: 'store', sql: 't.parent_label_id' },
    pickedUserId: { read: 'staff', sql: 't.picked_user_id' },
    cancelReason: { read: 'staff', sql: 't.cancel_reason' },
    printLogs: { read: 'staff', sql: logOf('label_print_logs', ", 'reason', l.reason, 'format', l.format") },
    pretreatLogs: { read: 'staff', sql: logOf('label_pretreat_logs', '') },
    pigeonholeLog: { read: 'staff', sql: logOf('pigeonhole_logs', ", 'pigeonhole', l.pigeonhole") },
  },
  relations: {
    order: { model: 'order', many: false, sql: 'select id as parent, order_id as id from factory_labels where id = any($1::int[])' },
    orderItem: { model: 'order_item', many: false, sql: 'select id as parent, order_item_id as id from factory_labels where id = any($1::int[])' },
    product: {
      model: 'product',
      many: false,
      sql: 'select l.id as parent, i.product_id as id from factory_labels l join order_items i on i.id = l.order_item_id where l.id = any($1::int[]) and i.product_id is not null',
    },
    pickedUser: { model: 'user', many: false, sql: 'select id as parent, picked_user_id as id from factory_labels where id = any($1::int[]) and picked_user_id is not null' },
    childLabels: { model: 'factory_label', many: true, sql: 'select parent_label_id as parent, id from factory_labels where parent_label_id = any($1::int[]) order by id' },
  },
});
