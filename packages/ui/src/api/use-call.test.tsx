import { renderToStaticMarkup } from 'react-dom/server';
import { Provider, createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { atomWithCall, type CallAtom } from './atom-with-call';
import { useCall } from './use-call';

function Probe({ callAtom, onRetry }: { callAtom: CallAtom<string>; onRetry: (retry: () => void) => void }) {
  const { state, retry } = useCall(callAtom);
  onRetry(retry);
  return <p>{state.kind === 'loaded' ? state.data : state.kind}</p>;
}

describe('useCall', () => {
  it("renders the store's state of the call, and its retry calls again", async () => {
    let calls = 0;
    const nameAtom = atomWithCall(() => Promise.resolve(`Camry #${++calls}`));
    const store = createStore();
    store.sub(nameAtom, () => {});
    await new Promise((resolve) => setTimeout(resolve, 0));

    let retry = () => {};
    const html = renderToStaticMarkup(
      <Provider store={store}>
        <Probe callAtom={nameAtom} onRetry={(r) => (retry = r)} />
      </Provider>,
    );
    expect(html).toBe('<p>Camry #1</p>');

    retry();
    expect(store.get(nameAtom)).toEqual({ kind: 'loading' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.get(nameAtom)).toEqual({ kind: 'loaded', data: 'Camry #2' });
  });
});
