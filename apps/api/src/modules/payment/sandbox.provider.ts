import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { sandboxPayments, type Db, type SandboxPayment } from '@autoradar/db';
import { formatAmount, type PaymentProvider, type ProviderPayment } from './payment.provider';

// The local checkout used without shop credentials. It keeps its own records, as a provider would, so settling a
// sandbox payment goes through exactly the path of a YooKassa notification: re-read the provider, then decide.

function toProviderPayment(row: SandboxPayment, appUrl: string): ProviderPayment {
  return {
    id: row.id,
    status: row.status,
    paid: row.status === 'succeeded',
    amount: { value: row.amountValue, currency: row.currency },
    metadata: row.metadata,
    confirmationUrl: `${appUrl}/payment/sandbox/${row.id}`,
  };
}

export interface SandboxProvider extends PaymentProvider {
  /** The buyer's choice on the sandbox page; only a pending payment moves. Returns the payment after it. */
  settle(id: string, action: 'succeed' | 'cancel'): Promise<ProviderPayment | null>;
  find(id: string): Promise<(ProviderPayment & { description: string | null }) | null>;
}

export function createSandboxProvider(db: Db, appUrl: string): SandboxProvider {
  const find = async (id: string) => {
    const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
    return row;
  };
  return {
    kind: 'sandbox',
    async create(request) {
      const [row] = await db
        .insert(sandboxPayments)
        .values({
          id: randomUUID(),
          amountValue: formatAmount(request.amountRub),
          currency: 'RUB',
          description: request.description,
          metadata: request.metadata,
          returnUrl: request.returnUrl,
        })
        .returning();
      return toProviderPayment(row!, appUrl);
    },
    async get(id) {
      const row = await find(id);
      return row ? toProviderPayment(row, appUrl) : null;
    },
    async find(id) {
      const row = await find(id);
      return row ? { ...toProviderPayment(row, appUrl), description: row.description } : null;
    },
    async settle(id, action) {
      await db
        .update(sandboxPayments)
        .set({ status: action === 'succeed' ? 'succeeded' : 'canceled', updatedAt: new Date() })
        .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, 'pending')));
      const row = await find(id);
      return row ? toProviderPayment(row, appUrl) : null;
    },
  };
}
