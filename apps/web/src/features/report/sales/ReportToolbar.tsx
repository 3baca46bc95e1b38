import { Button, DatePicker, Segmented, Select, Space, Tooltip } from 'antd';
import { DownloadOutlined, PrinterOutlined, ReloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { REPORT_RANGE_MAX_DAYS } from '@canteen/contract';
import { DATE_PRESETS, type DatePreset, type DateRange } from '../dates';

/** The store filter's value for every store the user may see. */
export const ALL_STORES = 'all';

interface ReportToolbarProps {
  preset: DatePreset;
  onPreset: (preset: DatePreset) => void;
  range: DateRange;
  onCustomRange: (range: DateRange) => void;
  store: string | undefined;
  stores: Array<{ id: string; name: string }>;
  onStore: (store: string) => void;
  canExport: boolean;
  exporting: boolean;
  onExport: () => void;
  onRefresh: () => void;
}

/** 营业报表's filters (date preset or a custom range, the store or 全部门店) and its actions (刷新, 导出, 打印). */
export function ReportToolbar(props: ReportToolbarProps) {
  const { t } = useTranslation();
  const { preset, range, store, stores } = props;
  return (
    <div className="report-toolbar" data-testid="report-toolbar">
      <Space wrap size={[12, 8]}>
        <Segmented<DatePreset>
          value={preset}
          onChange={props.onPreset}
          options={DATE_PRESETS.map((p) => ({ value: p, label: <span data-testid={`report-preset-${p}`}>{t(`report.presets.${p}`)}</span> }))}
        />
        {preset === 'custom' ? (
          <span data-testid="report-range">
            <DatePicker.RangePicker
              allowClear={false}
              value={[dayjs(range.dateFrom), dayjs(range.dateTo)]}
              disabledDate={(d, info) => d.isAfter(dayjs(), 'day') || (info.from !== undefined && Math.abs(d.diff(info.from, 'day')) >= REPORT_RANGE_MAX_DAYS)}
              onChange={(dates) => {
                if (dates?.[0] && dates[1]) props.onCustomRange({ dateFrom: dates[0].format('YYYY-MM-DD'), dateTo: dates[1].format('YYYY-MM-DD') });
              }}
            />
          </span>
        ) : (
          <span className="report-range-text" data-testid="report-range-text">{range.dateFrom === range.dateTo ? range.dateFrom : `${range.dateFrom} ~ ${range.dateTo}`}</span>
        )}
        <Select
          value={store}
          onChange={props.onStore}
          style={{ minWidth: 160 }}
          aria-label={t('report.toolbar.store')}
          options={[{ value: ALL_STORES, label: t('report.toolbar.allStores') }, ...stores.map((s) => ({ value: s.id, label: s.name }))]}
          data-testid="report-store"
        />
      </Space>
      <Space className="report-actions">
        <Tooltip title={t('report.toolbar.refresh')}>
          <Button icon={<ReloadOutlined />} onClick={props.onRefresh} aria-label={t('report.toolbar.refresh')} data-testid="report-refresh" />
        </Tooltip>
        {props.canExport ? (
          <Button icon={<DownloadOutlined />} loading={props.exporting} onClick={props.onExport} data-testid="report-export">{t('report.toolbar.export')}</Button>
        ) : null}
        <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="report-print">{t('report.toolbar.print')}</Button>
      </Space>
    </div>
  );
}
