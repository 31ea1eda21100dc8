import { Component, lazy, type ComponentType } from 'react';
import { Button } from 'shared-ui/bootstrap';
import { LoadFailed } from 'shared-ui';

/**
 * A page of this remote loaded when it is opened (React.lazy), with a way to load it again after a
 * failure (the phone lost its connection): a lazy component keeps its failed load, so without this the
 * page would stay broken until a reload. The failure is the kit's load-failure state with a Retry, as
 * the shell's slot has; the next attempt is a fresh lazy component, made once the failure is shown.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const fresh = () => lazy(() => load().then((page) => ({ default: page })));
  let current = fresh();

  return class LazyPage extends Component<P, { failed: boolean }> {
    override state = { failed: false };

    static getDerivedStateFromError() {
      return { failed: true };
    }

    override componentDidCatch() {
      current = fresh();
    }

    override render() {
      if (this.state.failed) {
        return (
          <LoadFailed
            what="page"
            action={
              <Button variant="outline-secondary" size="sm" onClick={() => this.setState({ failed: false })}>
                Retry
              </Button>
            }
          />
        );
      }
      const Page = current;
      return <Page {...this.props} />;
    }
  };
}
