import { useEffect, useRef } from 'react';
import { init, type ChartOption } from './echarts';

interface ChartProps {
  option: ChartOption;
  height?: number;
  testId?: string;
}

/**
 * One ECharts chart: created on mount, given each new option whole (notMerge: a report for another
 * range may have fewer series), resized with its box and before printing, disposed on unmount.
 */
export function Chart({ option, height = 320, testId }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof init> | null>(null);

  useEffect(() => {
    const element = box.current!;
    const instance = init(element, undefined, { renderer: 'svg' });
    chart.current = instance;
    const resize = () => instance.resize();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(resize);
    observer?.observe(element);
    window.addEventListener('beforeprint', resize);
    window.addEventListener('afterprint', resize);
    return () => {
      observer?.disconnect();
      window.removeEventListener('beforeprint', resize);
      window.removeEventListener('afterprint', resize);
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} className="report-chart" style={{ height, width: '100%' }} data-testid={testId} />;
}
