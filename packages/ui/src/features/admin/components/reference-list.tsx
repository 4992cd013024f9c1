import { Fragment, useDeferredValue, useState, type ComponentProps, type ReactNode } from 'react';
import { useSetAtom } from 'jotai';
import { Button, Cell, Section } from '@telegram-apps/telegram-ui';
import { MESSAGES } from '@autoradar/core';
import type { CallAtom } from '../../../api/atom-with-call';
import { useCall } from '../../../api/use-call';
import { removeById, replaceById } from '../list-updates';
import { adminMessages as t } from '../messages';
import { AdminPage } from './admin-page';
import { AdminCallView } from './admin-call-view';
import type { ReferenceFormProps } from './reference-form';
import { RowActions } from './row-actions';
import { SearchField } from './search-field';

type Row = { id: number };

/**
 * The state of a reference list screen (brands, models of a brand, cities): the rows as the API gave them, the search,
 * the row whose form is open, and how a saved or deleted row changes the list without loading it again.
 */
export function useReferenceList<T extends Row>(callAtom: CallAtom<T[]>) {
  const { state, retry } = useCall(callAtom);
  const dispatch = useSetAtom(callAtom);
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<{ row: T | null } | null>(null);
  const change = (update: (rows: T[]) => T[]) => dispatch({ type: 'update', update });
  return {
    state,
    retry,
    query,
    setQuery,
    /** The search the list shows: typing stays quick while a long list filters behind it. */
    deferredQuery: useDeferredValue(query),
    editing,
    create: () => setEditing({ row: null }),
    edit: (row: T) => setEditing({ row }),
    close: () => setEditing(null),
    change,
    /** A saved row in its place (a new one at the end, as the API lists it); the form closes. */
    saved: (row: T) => {
      change((rows) => replaceById(rows, row));
      setEditing(null);
    },
    removed: (row: T) => change((rows) => removeById(rows, row.id)),
  };
}

export type ReferenceListState<T extends Row> = ReturnType<typeof useReferenceList<T>>;

export interface ReferenceListProps<T extends Row> {
  list: ReferenceListState<T>;
  /** The screen's texts: the search box's label. */
  texts: { search: string };
  /** What an empty answer says (spec §8); «Ничего не найдено» unless given. */
  empty?: string;
  /** Core's search rule of these rows (name, synonyms, region). */
  search: (rows: T[], query: string) => T[];
  /** The search box's band also holds this (the models' «Добавить модель»). */
  toolbar?: ReactNode;
  /** The rows found, drawn by the screen; `rows` is the whole list. */
  children: (found: T[], rows: T[]) => ReactNode;
  /** The open form's dialog: a row's, or a new one's when `row` is null. */
  form: (props: ReferenceFormProps<T>) => ReactNode;
}

/**
 * A reference list screen's body: the search box, the list's loading, failed, offline and empty states, «Ничего не
 * найдено» when the search finds nothing, the rows, and the open form.
 */
export function ReferenceList<T extends Row>({
  list,
  texts,
  empty = MESSAGES.nothingFound,
  search,
  toolbar,
  children,
  form,
}: ReferenceListProps<T>) {
  const searchField = <SearchField label={texts.search} value={list.query} onChange={list.setQuery} />;
  return (
    <>
      {toolbar ? (
        <div className="admin-toolbar">
          <div className="admin-toolbar__search">{searchField}</div>
          {toolbar}
        </div>
      ) : (
        searchField
      )}
      <AdminCallView state={list.state} retry={list.retry} empty={empty}>
        {(rows) => {
          const found = search(rows, list.deferredQuery);
          return found.length === 0 ? <p className="admin-empty">{MESSAGES.nothingFound}</p> : children(found, rows);
        }}
      </AdminCallView>
      {list.editing ? (
        <Fragment key={list.editing.row?.id ?? 'new'}>
          {form({ row: list.editing.row, onClose: list.close, onSaved: list.saved })}
        </Fragment>
      ) : null}
    </>
  );
}

/** Rows in one section, with «Показано: 3 из 120» under them while a search hides some. */
export function FoundSection({ shown, total, children }: { shown: number; total: number; children: ReactNode }) {
  return (
    <Section className="admin-section" footer={shown < total ? t.found(shown, total) : undefined}>
      {children}
    </Section>
  );
}

export interface ReferencePageProps<T extends Row> extends Omit<ReferenceListProps<T>, 'toolbar' | 'texts'> {
  /** The page's title, its «Добавить …» button (which opens the empty form) and the search box's label. */
  texts: { title: string; create: string; search: string };
}

/** A reference screen of its own (brands, cities): the title with «Добавить …», then the list. */
export function ReferencePage<T extends Row>(props: ReferencePageProps<T>) {
  const { texts, list } = props;
  return (
    <AdminPage
      title={texts.title}
      actions={
        <Button size="m" onClick={list.create}>
          {texts.create}
        </Button>
      }
    >
      <ReferenceList {...props} />
    </AdminPage>
  );
}

export interface ReferenceRowProps {
  name: string;
  /** Under the name: the synonyms. */
  subtitle?: ReactNode;
  /** Before the name: the brand's icon. */
  before?: ReactNode;
  /** After the name: the popular badge. */
  titleBadge?: ComponentProps<typeof Cell>['titleBadge'];
  /** The delete's confirmation question. */
  question: string;
  remove: () => Promise<void>;
  onEdit: () => void;
  onDeleted: () => void;
  /** The row's own buttons before «Изменить». */
  actions?: ReactNode;
}

/** A reference row: its name and synonyms, «Изменить» opening its form, «Удалить» after a confirmation. */
export function ReferenceRow({
  name,
  subtitle,
  before,
  titleBadge,
  question,
  remove,
  onEdit,
  onDeleted,
  actions,
}: ReferenceRowProps) {
  return (
    <Cell
      Component="div"
      className="admin-cell"
      before={before}
      titleBadge={titleBadge}
      subtitle={subtitle}
      multiline
      after={
        <RowActions name={name} edit={onEdit} remove={{ question, remove, onDeleted }}>
          {actions}
        </RowActions>
      }
    >
      <span className="admin-cell__name">{name}</span>
    </Cell>
  );
}
