import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Button } from '@telegram-apps/telegram-ui';
import { StatusScreen } from '../components/status/status';
import { reloadOnceForChunk, reportClientError } from './client-errors';
import { ScreenSpinner } from './guards';
import { appMessages } from './messages';

const t = appMessages.failed;

/** «Что-то пошло не так» with «Обновить»: what a route shows instead of a white page. */
export function RouteErrorScreen() {
  return (
    <StatusScreen
      className="route-error"
      title={t.title}
      text={t.text}
      action={
        <Button size="l" onClick={() => globalThis.location.reload()}>
          {t.reload}
        </Button>
      }
    />
  );
}

interface BoundaryProps {
  /** The address the content belongs to: another one starts afresh. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  reloading: boolean;
  resetKey: string;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, reloading: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    // Leaving the address that failed (the menu, Back) shows the next screen instead of the error.
    return props.resetKey === state.resetKey ? null : { failed: false, reloading: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo) {
    if (reloadOnceForChunk(error)) this.setState({ reloading: true });
    else reportClientError(error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return this.state.reloading ? <ScreenSpinner /> : <RouteErrorScreen />;
  }
}

/** An error boundary for one route: a render error or a chunk that did not load never leaves a white page. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>;
}
