import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component, Suspense, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { dialogFailure, lazyPart } from '../../../../runtime/render/lazyPart';
import { RuntimeProvider } from '../../../../runtime/render/RuntimeProvider';
import { renderWithRuntime, testRuntime } from './support/testRuntime';

const unreachable = () => new TypeError('Failed to fetch dynamically imported module: /assets/Part-x.js');

function Greeting({ name }: { name: string }) {
  return <p>你好，{name}</p>;
}

/** What the router's boundary would show: the whole app replaced. */
class AppBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>页面加载失败，请刷新重试</p> : this.props.children;
  }
}

function screenWith(part: ReactNode) {
  return (
    <AppBoundary>
      <p>菜单与页签</p>
      <Suspense fallback={<p>加载中</p>}>{part}</Suspense>
    </AppBoundary>
  );
}

describe('lazyPart', () => {
  // A download that fails is caught by the part's own boundary, and React reports every caught error on the
  // console with its component stack: expected in these cases, so it is kept off the test output and checked
  // instead; anything else logged as an error still shows.
  let consoleError: MockInstance<typeof console.error>;
  const reported: unknown[][] = [];
  beforeEach(() => {
    reported.length = 0;
    const original = console.error.bind(console);
    consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      if (String(args[0]).startsWith('The above error occurred')) reported.push(args);
      else original(...args);
    });
  });
  afterEach(() => consoleError.mockRestore());

  it('shows a failed download in the part’s place, keeps the rest of the screen, and retries', async () => {
    const load = vi.fn<() => Promise<typeof Greeting>>().mockRejectedValueOnce(unreachable()).mockResolvedValue(Greeting);
    const Part = lazyPart(load);
    renderWithRuntime(screenWith(<Part name="张三" />), testRuntime());
    expect(await screen.findByText('加载失败')).toBeInTheDocument();
    expect(reported).not.toHaveLength(0);
    expect(screen.getByText('这部分页面未能下载，请检查网络后重试。')).toBeInTheDocument();
    expect(screen.getByText('菜单与页签')).toBeInTheDocument();
    expect(screen.queryByText('页面加载失败，请刷新重试')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('你好，张三')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('leaves an error of the part’s own rendering to the boundary above', async () => {
    const Broken = () => {
      throw new Error('a defect of the part');
    };
    const Part = lazyPart(async () => Broken);
    // React reports a caught render error on the console and rethrows it through a window error event, which
    // jsdom prints with its stack unless handled: expected here
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const handled = (event: ErrorEvent) => event.preventDefault();
    window.addEventListener('error', handled);
    try {
      renderWithRuntime(screenWith(<Part />), testRuntime());
      expect(await screen.findByText('页面加载失败，请刷新重试')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: '重试' })).not.toBeInTheDocument();
    } finally {
      window.removeEventListener('error', handled);
      consoleError.mockRestore();
    }
  });

  it('offers a dialog that could not load a retry and a close that the owner hears', async () => {
    const onClose = vi.fn();
    const load = vi
      .fn()
      .mockRejectedValueOnce(unreachable())
      .mockResolvedValue(function Dialog() {
        return <div role="dialog">记录详情</div>;
      });
    const Dialog = lazyPart(
      load,
      dialogFailure((props: { onClose(): void }) => props.onClose()),
    );
    renderWithRuntime(screenWith(<Dialog onClose={onClose} />), testRuntime());
    const failed = await screen.findByRole('dialog');
    expect(failed).toHaveTextContent('加载失败');
    await userEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('记录详情')).toBeInTheDocument();
  });

  it('lets instances that mount after a successful retry render the part', async () => {
    const load = vi.fn<() => Promise<typeof Greeting>>().mockRejectedValueOnce(unreachable()).mockResolvedValue(Greeting);
    const Part = lazyPart(load);
    const runtime = testRuntime();
    const { rerender } = renderWithRuntime(screenWith(<Part name="甲" />), runtime);
    await userEvent.click(await screen.findByRole('button', { name: '重试' }));
    expect(await screen.findByText('你好，甲')).toBeInTheDocument();
    rerender(
      <RuntimeProvider runtime={runtime}>
        {screenWith(
          <>
            <Part name="甲" />
            <Part name="乙" />
          </>,
        )}
      </RuntimeProvider>,
    );
    expect(await screen.findByText('你好，乙')).toBeInTheDocument();
  });
});
