import { useCallback, useId, useState } from 'react';
import { useSetAtom } from 'jotai';
import { useParams } from 'react-router-dom';
import { Button, Cell, Section } from '@telegram-apps/telegram-ui';
import type { Order } from '@autoradar/contract';
import { canDownloadOrder, formatReportFile, MESSAGES, REPORT_SECTION_TITLES, reportFileName } from '@autoradar/core';
import type { CallState } from '../../../api/atom-with-call';
import { useCall } from '../../../api/use-call';
import { downloadReport, fetchOrder, refreshOrder, type OrderDetail } from '../api';
import { AdminPage } from '../components/admin-page';
import { Alert } from '../../../components/alert';
import { AdminCallView } from '../components/admin-call-view';
import { SectionHeading } from '../components/section-heading';
import { SectionBody, sectionStatusLabel } from '../components/order-sections';
import { StatusBadge } from '../components/status-badge';
import { describeApiMessage, describeOr } from '../../../api/action-errors';
import { formatOrderTime } from '../format';
import { actionStatus, useAction, type ActionState } from '../../../api/use-action';
import { useOrderPolling } from '../hooks/use-order-polling';
import { adminMessages } from '../messages';
import { orderFamily, pairKey } from '../state';
import { pathTo, PATHS } from '../../../paths';
import '../admin.css';

const t = adminMessages.orders;

/** Saves the downloaded report as a JSON file, in the form the API stores it (core formatReportFile). */
export function saveJsonFile(fileName: string, report: unknown): void {
  const blob = new Blob([formatReportFile(report)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the address is released after that.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export interface OrderViewProps {
  state: CallState<OrderDetail>;
  retry: () => void;
  polling: boolean;
  pollError: string | null;
  refresh: { state: ActionState; start: () => void };
  download: { state: ActionState; start: (order: Order) => void };
}

/**
 * One report section as a panel that opens and closes. The kit's Accordion measures its content once, when it opens,
 * and a section filled in by a later poll would be cut off, so the panel is a plain disclosure over the kit's Cell.
 */
function SectionPanel({ detail, part }: { detail: OrderDetail; part: OrderDetail['parts'][number] }) {
  const [expanded, setExpanded] = useState(false);
  const contentId = useId();
  const title = part.title || REPORT_SECTION_TITLES[part.key];
  return (
    <div className={`admin-panel${expanded ? ' admin-panel--open' : ''}`}>
      <Cell
        Component="button"
        type="button"
        className="admin-panel__summary"
        aria-expanded={expanded}
        aria-controls={contentId}
        subtitle={t.sectionStatus(sectionStatusLabel(detail.order.result, part.key))}
        after={<span className="admin-panel__chevron" aria-hidden="true" />}
        onClick={() => setExpanded(!expanded)}
      >
        {title}
      </Cell>
      <div id={contentId} role="region" aria-label={title} className="admin-panel__content" hidden={!expanded}>
        {expanded ? <SectionBody sectionKey={part.key} result={detail.order.result} /> : null}
      </div>
    </div>
  );
}

/** The order detail for a given load state (apart from the calls, so every state can be rendered on its own). */
export function OrderView({ state, retry, polling, pollError, refresh, download }: OrderViewProps) {
  return (
    <AdminCallView state={state} retry={retry}>
      {(detail) => {
        const { order, parts } = detail;
        const completed = canDownloadOrder(order.status);
        return (
          <>
            <div className="admin-order-summary">
              <div className="admin-order-summary__status">
                <span className="admin-order-summary__label">{t.status}</span>
                <span aria-live="polite" data-testid="order-status">
                  <StatusBadge status={order.status} />
                </span>
              </div>
              <p className="admin-order-summary__meta">{t.created(formatOrderTime(order.created_at))}</p>
              {polling ? <p className="admin-order-summary__meta">{t.polling}</p> : null}
              <div className="admin-order-summary__actions">
                <Button
                  size="m"
                  mode="bezeled"
                  loading={refresh.state.kind === 'pending'}
                  disabled={refresh.state.kind === 'pending'}
                  onClick={refresh.start}
                >
                  {t.refresh}
                </Button>
                <Button
                  size="m"
                  disabled={!completed || download.state.kind === 'pending'}
                  loading={download.state.kind === 'pending'}
                  aria-describedby={completed ? undefined : 'order-download-hint'}
                  onClick={() => download.start(order)}
                >
                  {t.download}
                </Button>
              </div>
              {completed ? null : (
                <p id="order-download-hint" className="admin-order-summary__meta">
                  {t.downloadHint}
                </p>
              )}
            </div>
            {[pollError, actionStatus(refresh.state).error, actionStatus(download.state).error]
              .filter((message, index, all): message is string => Boolean(message) && all.indexOf(message) === index)
              .map((message) => (
                <Alert key={message} className="admin-page__alert" message={message} />
              ))}
            <Section className="admin-section admin-panels" header={<SectionHeading>{t.parts}</SectionHeading>}>
              {parts.map((part) => (
                <SectionPanel key={part.id} detail={detail} part={part} />
              ))}
            </Section>
          </>
        );
      }}
    </AdminCallView>
  );
}

/** /partners/:id/orders/:orderId (spec §2, §4): status, parts, per-section results, polling, refresh, download. */
export function OrderScreen() {
  const { id = '', orderId = '' } = useParams();
  const orderAtom = orderFamily(pairKey(id, orderId));
  const { state, retry } = useCall(orderAtom);
  const dispatch = useSetAtom(orderAtom);
  const load = useCallback((signal: AbortSignal) => fetchOrder(id, orderId, signal), [id, orderId]);
  const { polling, pollError } = useOrderPolling(orderAtom, load, describeApiMessage);
  const refresh = useAction(() => refreshOrder(id, orderId), describeApiMessage);
  const download = useAction(async (order: Order) => {
    const report = await downloadReport(id, String(order.id));
    saveJsonFile(reportFileName(order), report);
  }, describeOr(MESSAGES.reportDownloadFailed));
  const vin = state.kind === 'loaded' ? state.data.order.string : '';

  return (
    <AdminPage title={vin ? t.detailTitle(vin) : t.title} back={pathTo(PATHS.orders, { id })}>
      <OrderView
        state={state}
        retry={retry}
        polling={polling}
        pollError={pollError}
        refresh={{
          state: refresh.state,
          start: () => {
            void refresh.start().then((result) => {
              if (result.ok) dispatch({ type: 'update', update: () => result.value });
            });
          },
        }}
        download={{ state: download.state, start: (order) => void download.start(order) }}
      />
    </AdminPage>
  );
}
