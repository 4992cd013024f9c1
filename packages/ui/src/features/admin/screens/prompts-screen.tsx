import { useParams } from 'react-router-dom';
import { useSetAtom } from 'jotai';
import { Button, Cell, Section } from '@telegram-apps/telegram-ui';
import type { Prompt } from '@autoradar/contract';
import { MESSAGES } from '@autoradar/core';
import { useCall } from '../../../api/use-call';
import { LinkButton } from '../../../components/link-button';
import { deletePrompt, fetchPrompts, savePrompt } from '../api';
import { AdminPage } from '../components/admin-page';
import { AdminCallView } from '../components/admin-call-view';
import { Alert } from '../../../components/alert';
import { RowActions } from '../components/row-actions';
import { describeOr } from '../../../api/action-errors';
import { actionStatus, useAction } from '../../../api/use-action';
import { usePartnerTitle } from '../hooks/use-partner-title';
import { removeById } from '../list-updates';
import { adminMessages } from '../messages';
import { moveItem } from '../reorder';
import { promptsFamily } from '../state';
import { pathTo, PATHS } from '../../../paths';
import '../admin.css';

const t = adminMessages.prompts;

export interface PromptListProps {
  partnerId: string;
  prompts: readonly Prompt[];
  /** Saves the moved prompts' positions and shows the new order. */
  onMove: (index: number, offset: -1 | 1) => void;
  onDeleted: (prompt: Prompt) => void;
  moving: boolean;
}

/** The prompts in their order, each with its place, its moves, its form and its delete. */
export function PromptList({ partnerId, prompts, onMove, onDeleted, moving }: PromptListProps) {
  return (
    <Section className="admin-section">
      {prompts.map((prompt, index) => (
        <Cell
          key={prompt.id}
          Component="div"
          className="admin-cell admin-prompt"
          before={
            <span className="admin-prompt__position" aria-label={t.positionLabel(prompt.position)}>
              {prompt.position}
            </span>
          }
          subhead={<span className="admin-prompt__key">{prompt.key}</span>}
          description={<span className="admin-prompt__text">{prompt.text}</span>}
          multiline
          after={
            <RowActions
              name={prompt.key}
              edit={pathTo(PATHS.prompt, { id: partnerId, promptId: String(prompt.id) })}
              remove={{
                question: adminMessages.confirm.prompt(prompt.key),
                remove: () => deletePrompt(partnerId, String(prompt.id)),
                describeError: describeOr(MESSAGES.promptDeleteFailed),
                onDeleted: () => onDeleted(prompt),
              }}
            >
              <Button
                size="s"
                mode="gray"
                aria-label={t.moveUp(prompt.key)}
                disabled={moving || index === 0}
                onClick={() => onMove(index, -1)}
              >
                ↑
              </Button>
              <Button
                size="s"
                mode="gray"
                aria-label={t.moveDown(prompt.key)}
                disabled={moving || index === prompts.length - 1}
                onClick={() => onMove(index, 1)}
              >
                ↓
              </Button>
            </RowActions>
          }
        >
          {prompt.title}
        </Cell>
      ))}
    </Section>
  );
}

/** Saves the changed positions one by one; the list shows the new order once all are saved. */
async function saveOrder(partnerId: string, prompts: readonly Prompt[], index: number, offset: -1 | 1) {
  const { order, changes } = moveItem(prompts, index, offset);
  for (const { item, position } of changes) {
    await savePrompt(partnerId, String(item.id), { key: item.key, title: item.title, text: item.text, position });
  }
  return order;
}

/** /partners/:id/prompts (spec §2): the partner's key prompts by position, reordered with up and down. */
export function PromptsScreen() {
  const { id = '' } = useParams();
  const promptsAtom = promptsFamily(id);
  const { state, retry } = useCall(promptsAtom);
  const dispatch = useSetAtom(promptsAtom);
  const title = usePartnerTitle(id);
  const move = useAction(
    (prompts: readonly Prompt[], index: number, offset: -1 | 1) => saveOrder(id, prompts, index, offset),
    describeOr(MESSAGES.promptSaveFailed),
  );

  return (
    <AdminPage
      title={t.title}
      subtitle={title}
      back={PATHS.partners}
      actions={
        <LinkButton size="m" to={pathTo(PATHS.promptCreate, { id })}>
          {t.create}
        </LinkButton>
      }
    >
      <Alert className="admin-page__alert" message={actionStatus(move.state).error} />
      <AdminCallView state={state} retry={retry} empty={MESSAGES.keysNotFound}>
        {(prompts) => (
          <PromptList
            partnerId={id}
            prompts={prompts}
            moving={move.state.kind === 'pending'}
            onMove={(index, offset) => {
              void move.start(prompts, index, offset).then((result) => {
                if (result.ok) dispatch({ type: 'update', update: () => result.value });
                // Some positions may have been saved before the failure: show what the server has.
                else dispatch({ type: 'run', load: (signal) => fetchPrompts(id, signal), keepData: true });
              });
            }}
            onDeleted={(prompt) => dispatch({ type: 'update', update: (list) => removeById(list, prompt.id) })}
          />
        )}
      </AdminCallView>
    </AdminPage>
  );
}
