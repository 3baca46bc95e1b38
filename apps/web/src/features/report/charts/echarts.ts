import { BarChart, LineChart, PieChart, type BarSeriesOption, type LineSeriesOption, type PieSeriesOption } from 'echarts/charts';
import {
  GridComponent, LegendComponent, TooltipComponent, type GridComponentOption, type LegendComponentOption, type TooltipComponentOption,
} from 'echarts/components';
import { init, use as registerParts, type ComposeOption } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

// Only the parts the reports draw: this module (and so ECharts) is imported by the report pages
// alone, never by the shell. The SVG renderer prints sharp at any scale (the report's print button).
registerParts([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

/** The options the report charts may use. */
export type ChartOption = ComposeOption<
  BarSeriesOption | LineSeriesOption | PieSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

export { init };
