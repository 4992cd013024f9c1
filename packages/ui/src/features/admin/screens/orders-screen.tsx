import { useNavigate, useParams } from 'react-router-dom';
import { Button, Cell, Section } from '@telegram-apps/telegram-ui';
import type { Order } from '@autoradar/contract';
import {
  getOrderStatusLabel,
  MESSAGES,
  validateOrderVin,
  VIN_INPUT_MAX_LENGTH,
  type FieldErrors,
} from '@autoradar/core';
import { useCall } from '../../../api/use-call';
import { createOrder } from '../api';
import { AdminPage } from '../components/admin-page';
import { AdminCallView } from '../components/admin-call-view';
import { FormCard } from '../components/form-card';
import { FormTextField } from '../../../components/field/text-field';
import { linkTo } from '../../../components/link-button';
import { StatusBadge } from '../components/status-badge';
import { describeOr } from '../../../api/action-errors';
import { usePartnerTitle } from '../hooks/use-partner-title';
import { useSaveForm } from '../../../api/use-save-form';
import { formatOrderTime } from '../format';
import { adminMessages } from '../messages';
import { ordersFamily } from '../state';
import { pathTo, PATHS } from '../../../paths';
import '../admin.css';

const t = adminMessages.orders;

export interface NewOrderFormProps {
  partnerId: string;
  create?: (partnerId: string, vin: string) => Promise<Order>;
  onCreated: (order: Order) => void;
}

/** The new-order input (spec §2): a VIN checked as the API checks it (core validateOrderVin), then the order. */
export function NewOrderForm({ partnerId, create = createOrder, onCreated }: NewOrderFormProps) {
  const form = useSaveForm({
    initial: { vin: '' },
    toBody: (fields: { vin: string }) => fields.vin,
    validate: (vin: string): FieldErrors => {
      const message = validateOrderVin(vin);
      return message === null ? {} : { vin: message };
    },
    save: (vin: string) => create(partnerId, vin),
    describeError: describeOr(MESSAGES.orderCreateFailed),
    onSaved: onCreated,
  });
  // The API names the VIN field `string`, as the spec does.
  const error = form.errors['vin'] ?? form.errors['string'];
  const pending = form.state.kind === 'pending';
  return (
    <FormCard form={form} className="admin-new-order" saveButton={false}>
      <FormTextField
        form={form}
        name="vin"
        label={t.newOrder}
        required
        inputClassName="admin-vin"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={VIN_INPUT_MAX_LENGTH}
        placeholder={t.vinPlaceholder}
        error={error}
        after={
          <Button type="submit" size="m" loading={pending} disabled={pending}>
            {t.submit}
          </Button>
        }
      />
    </FormCard>
  );
}

export function OrderList({ partnerId, orders }: { partnerId: string; orders: readonly Order[] }) {
  return (
    <Section className="admin-section">
      {orders.map((order) => (
        <Cell
          key={order.id}
          // The kit's Cell renders the router's link (a real <a href>).
          {...linkTo(pathTo(PATHS.order, { id: partnerId, orderId: String(order.id) }))}
          className="admin-cell admin-order-row"
          subtitle={t.created(formatOrderTime(order.created_at))}
          after={<StatusBadge status={order.status} />}
          aria-label={`${order.string}, ${getOrderStatusLabel(order.status)}`}
        >
          <span className="admin-vin-text">{order.string}</span>
        </Cell>
      ))}
    </Section>
  );
}

/** /partners/:id/orders (spec §2): a new order by VIN, and the partner's orders, newest first. */
export function OrdersScreen() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { state, retry } = useCall(ordersFamily(id));
  const title = usePartnerTitle(id);
  return (
    <AdminPage title={t.title} subtitle={title} back={PATHS.partners}>
      <NewOrderForm
        partnerId={id}
        onCreated={(order) => void navigate(pathTo(PATHS.order, { id, orderId: String(order.id) }))}
      />
      <AdminCallView state={state} retry={retry} empty={MESSAGES.reportsNotFound}>
        {(orders) => <OrderList partnerId={id} orders={orders} />}
      </AdminCallView>
    </AdminPage>
  );
}
