import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { z } from 'zod';
import { act, cleanup, screen } from '@testing-library/react';
import { defineClientPlugin, defineCommand } from '@core/client/plugin/contract';
import { renderInWorkbench } from '@core/client/testing/workbench';
import { handOver, whenHandled } from './panelHandlers';
import { testCommandContext } from './testing';
import { usePanelCommand } from './usePanelCommand';

afterEach(cleanup);

const highlight = defineCommand({
  id: 'test.highlight',
  title: 'Highlight a row',
  category: 'Test',
  enabled: whenHandled('test.highlight', 'Open the rows panel first'),
  args: z.object({ row: z.number().int().min(1).default(1) }).default({ row: 1 }),
  run: (ctx, args) => handOver(ctx, 'test.highlight', args),
});
const plugin = defineClientPlugin({ manifest: { id: 'test', title: 'Test', version: 1 }, commands: [highlight] });

/** A panel that carries out `test.highlight` while it has rows, and counts what it was asked. */
function RowsPanel({ paneId, rows }: { paneId: string; rows: number }) {
  const [asked, setAsked] = useState<number[]>([]);
  usePanelCommand(highlight, paneId, rows > 0 ? ({ row }) => setAsked((a) => [...a, Math.min(row, rows)]) : null);
  return <output aria-label={`asked ${paneId}`}>{asked.join(',')}</output>;
}

describe('usePanelCommand', () => {
  it('lets a mounted pane carry out a command with its parsed arguments; the command is disabled without one', async () => {
    const { host, rerender } = renderInWorkbench(<></>, { plugins: [plugin] });
    const ctx = testCommandContext({ services: host.services });
    expect(host.commands.entry('test.highlight', ctx)?.reason).toBe('Open the rows panel first');
    rerender(<RowsPanel paneId="p1" rows={3} />);
    expect(host.commands.entry('test.highlight', ctx)?.enabled).toBe(true);
    await act(() => host.commands.run('test.highlight', ctx));
    await act(() => host.commands.execute(highlight, { row: 9 }, ctx));
    expect(screen.getByLabelText('asked p1').textContent).toBe('1,3');
  });

  it('stops handling when given null (nothing to act on) and when the pane unmounts', () => {
    const { host, rerender } = renderInWorkbench(<RowsPanel paneId="p1" rows={0} />, { plugins: [plugin] });
    expect(host.commands.handlers.isHandled('test.highlight')).toBe(false);
    rerender(<RowsPanel paneId="p1" rows={2} />);
    expect(host.commands.handlers.isHandled('test.highlight')).toBe(true);
    rerender(<></>);
    expect(host.commands.handlers.isHandled('test.highlight')).toBe(false);
  });

  it('with two panes, the focused one acts', async () => {
    const { host } = renderInWorkbench(<><RowsPanel paneId="p1" rows={3} /><RowsPanel paneId="p2" rows={3} /></>, { plugins: [plugin] });
    await act(() => host.commands.run('test.highlight', testCommandContext({ services: host.services, focusedPaneId: 'p2' })));
    await act(() => host.commands.run('test.highlight', testCommandContext({ services: host.services })));
    expect([screen.getByLabelText('asked p1').textContent, screen.getByLabelText('asked p2').textContent]).toEqual(['1', '1']);
  });
});
