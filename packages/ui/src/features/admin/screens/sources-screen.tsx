import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { Button, Cell, Section } from '@telegram-apps/telegram-ui';
import { AddSourceRequestSchema, type Source } from '@autoradar/contract';
import { SOURCE_LINK_MAX_LENGTH, SOURCE_READ_VIA_LABELS } from '@autoradar/core/source-links';
import { useCall } from '../../../api/use-call';
import { describeOr } from '../../../api/action-errors';
import { useAction } from '../../../api/use-action';
import { useSaveForm } from '../../../api/use-save-form';
import { Alert } from '../../../components/alert';
import { FormTextField } from '../../../components/field/text-field';
import { LinkButton } from '../../../components/link-button';
import { addSource, fetchSources, removeSource, setSourcePaused, type AddSourceBody } from '../api';
import { AdminPage } from '../components/admin-page';
import { AdminCallView } from '../components/admin-call-view';
import { DeleteControl } from '../components/delete-control';
import { FormCard } from '../components/form-card';
import { SourceStateBadge } from '../components/source-state-badge';
import { formatOrderTime } from '../format';
import { useQuietRefresh } from '../hooks/use-quiet-refresh';
import { removeById, replaceById } from '../list-updates';
import { adminMessages } from '../messages';
import { sourcesAtom } from '../state';
import { pathTo, PATHS } from '../../../paths';
import '../admin.css';

const t = adminMessages.sources;

/** How often the list asks again, so a first read and its counters appear without a reload. */
export const SOURCES_REFRESH_MS = 5_000;

export interface AddSourceFormProps {
  add?: (body: AddSourceBody) => Promise<Source>;
  onAdded: (source: Source) => void;
}

/** Add by link (t.me/name, @name, vk.com/club123), checked by the contract's own schema before it is sent. */
export function AddSourceForm({ add = addSource, onAdded }: AddSourceFormProps) {
  const [notice, setNotice] = useState<string | null>(null);
  const form = useSaveForm({
    initial: { link: '' },
    toBody: (fields: { link: string }): AddSourceBody => ({ link: fields.link }),
    schema: AddSourceRequestSchema,
    save: add,
    describeError: describeOr(t.addFailed),
    onSaved: (source: Source) => {
      form.setField('link', '');
      setNotice(t.added(source.link));
      onAdded(source);
    },
  });
  const pending = form.state.kind === 'pending';
  return (
    <FormCard form={form} className="admin-new-order admin-add-source" saveButton={false}>
      <FormTextField
        form={form}
        name="link"
        label={t.link}
        required
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={SOURCE_LINK_MAX_LENGTH}
        placeholder={t.linkPlaceholder}
        hint={notice ?? t.linkHint}
        after={
          <Button type="submit" size="m" loading={pending} disabled={pending}>
            {t.add}
          </Button>
        }
      />
    </FormCard>
  );
}

/** The source's name: its title, else its address. */
export const sourceName = (source: Source) => source.title || source.link;

export interface SourceRowProps {
  source: Source;
  onChanged: (source: Source) => void;
  onRemoved: (source: Source) => void;
}

/** One source: name and address, state, last read, the 24-hour counters, the last error, and its buttons. */
export function SourceRow({ source, onChanged, onRemoved }: SourceRowProps) {
  const name = sourceName(source);
  const paused = source.state === 'paused';
  const toggle = useAction(() => setSourcePaused(source.id, !paused), describeOr(t.actionFailed));
  const { day } = source;
  return (
    <Cell
      Component="div"
      className="admin-cell admin-source"
      multiline
      // A source without a title is named by its address already.
      subtitle={
        source.title
          ? `${source.link} · ${SOURCE_READ_VIA_LABELS[source.read_via]}`
          : SOURCE_READ_VIA_LABELS[source.read_via]
      }
      description={
        <span className="admin-source__details">
          <span className="admin-source__line">
            <SourceStateBadge state={source.state} />
            <span>{source.last_read_at ? t.lastRead(formatOrderTime(source.last_read_at)) : t.neverRead}</span>
          </span>
          <span className="admin-source__counts" aria-label={t.dayCounts(day.read, day.published, day.rejected)}>
            <span className="admin-source__counts-title">{t.day}:</span>
            <span>
              <b>{day.read}</b> {t.dayRead}
            </span>
            <span>
              <b>{day.published}</b> {t.dayPublished}
            </span>
            <span>
              <b>{day.rejected}</b> {t.dayRejected}
            </span>
          </span>
          {source.last_error ? (
            <span className="admin-source__error" role="note">
              {source.last_error}
            </span>
          ) : null}
          <Alert message={toggle.state.kind === 'failed' ? toggle.state.message : null} />
        </span>
      }
      after={
        <div className="admin-cell__actions">
          <LinkButton size="s" mode="bezeled" to={pathTo(PATHS.source, { id: String(source.id) })}>
            {t.open}
          </LinkButton>
          <Button
            size="s"
            mode="bezeled"
            loading={toggle.state.kind === 'pending'}
            aria-label={`${paused ? t.resume : t.pause}: ${name}`}
            onClick={() => {
              void toggle.start().then((result) => {
                if (result.ok) onChanged(result.value);
              });
            }}
          >
            {paused ? t.resume : t.pause}
          </Button>
          <DeleteControl
            name={name}
            question={t.confirmRemove(name)}
            remove={() => removeSource(source.id)}
            onDeleted={() => onRemoved(source)}
          />
        </div>
      }
    >
      <span className="admin-cell__name">{name}</span>
    </Cell>
  );
}

/** /sources (issue 28): the sources listings are read from, how each is doing, and adding one by its link. */
export function SourcesScreen() {
  const { state, retry } = useCall(sourcesAtom);
  const dispatch = useSetAtom(sourcesAtom);
  useQuietRefresh(sourcesAtom, fetchSources, SOURCES_REFRESH_MS);
  const change = (update: (rows: Source[]) => Source[]) => dispatch({ type: 'update', update });
  return (
    <AdminPage
      title={t.title}
      wide
      actions={
        <Button size="m" mode="bezeled" onClick={retry}>
          {t.refresh}
        </Button>
      }
    >
      <AddSourceForm
        onAdded={(source) => {
          // An empty list has no data to patch: load it again with the new source.
          if (state.kind !== 'loaded') retry();
          else change((rows) => replaceById(rows, source));
        }}
      />
      <AdminCallView state={state} retry={retry} empty={t.empty}>
        {(sources) => (
          <Section className="admin-section">
            {sources.map((source) => (
              <SourceRow
                key={source.id}
                source={source}
                onChanged={(changed) => change((rows) => replaceById(rows, changed))}
                onRemoved={(removed) => change((rows) => removeById(rows, removed.id))}
              />
            ))}
          </Section>
        )}
      </AdminCallView>
    </AdminPage>
  );
}
