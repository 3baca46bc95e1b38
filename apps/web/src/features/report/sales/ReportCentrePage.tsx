import { useMemo, useState } from 'react';
import { App, Card, Empty, Tabs } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { REPORT_RANGE_MAX_DAYS, REPORTS, type ReportName } from '@canteen/contract';
import { usePermission } from '../../../shared/session/session';
import { useCurrentStore } from '../../../shared/store/current-store';
import { exportBlob, REPORTS_KEY, type ReportFilter } from '../api';
import { presetRange, rangeFits, type DatePreset, type DateRange } from '../dates';
import { saveBlob } from '../../../shared/http/save-blob';
import { reportViews } from './reports';
import { ALL_STORES, ReportToolbar } from './ReportToolbar';
import '../messages';
import './report.css';

/**
 * 营业报表 (/report/sales, STORE.md §8): a report centre over the roll-ups. A date preset (今天 …
 * 本月) or a custom range, the header's store or 全部门店, one tab per report (only the open one
 * asks the server), 导出 of the open report as .xlsx and 打印 (report.css keeps the report alone when printed).
 */
export default function ReportCentrePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canExport = usePermission('report:sales:export');
  const { storeId, storeName, stores, loading, setStoreId } = useCurrentStore();
  const [allStores, setAllStores] = useState(false);
  const [preset, setPreset] = useState<DatePreset>('today');
  const [custom, setCustom] = useState<DateRange>(() => presetRange('last7'));
  const [tab, setTab] = useState<ReportName>('overview');
  const [exporting, setExporting] = useState(false);

  const range = preset === 'custom' ? custom : presetRange(preset);
  const scope = allStores ? undefined : storeId ?? undefined;
  // One object per filter, so charts recompute their options only when the filter changes.
  const filter = useMemo<ReportFilter>(() => ({ dateFrom: range.dateFrom, dateTo: range.dateTo, storeId: scope }), [range.dateFrom, range.dateTo, scope]);

  if (!loading && stores.length === 0) {
    return (
      <Card variant="borderless" data-testid="report-page">
        <Empty description={t('report.toolbar.noStore')} />
      </Card>
    );
  }

  const scopeName = allStores ? t('report.toolbar.allStores') : storeName ?? '';
  const onStore = (value: string) => {
    setAllStores(value === ALL_STORES);
    // A store chosen here is the header's store too (the other store-side pages follow it).
    if (value !== ALL_STORES) setStoreId(value);
  };
  const onPreset = (next: DatePreset) => {
    // 自定义 starts from the range shown, then the calendar changes it.
    if (next === 'custom' && preset !== 'custom') setCustom(range);
    setPreset(next);
  };
  const onCustomRange = (next: DateRange) => {
    // The calendar keeps a range within the limit; a typed one may not: the server would refuse it.
    if (rangeFits(next)) setCustom(next);
    else void message.warning(t('report.toolbar.rangeTooLong', { days: REPORT_RANGE_MAX_DAYS }));
  };
  const onExport = async () => {
    setExporting(true);
    try {
      const blob = await exportBlob(tab, filter);
      const name = t('report.toolbar.file', { report: t(`report.names.${tab}`), store: scopeName, from: filter.dateFrom, to: filter.dateTo });
      saveBlob(blob, name);
      void message.success(t('report.toolbar.exported', { name }));
    } catch {
      // The HTTP client has shown the server's reason.
    } finally {
      setExporting(false);
    }
  };
  const View = reportViews[tab];

  return (
    <Card variant="borderless" className="report-page" data-testid="report-page">
      <ReportToolbar
        preset={preset}
        onPreset={onPreset}
        range={range}
        onCustomRange={onCustomRange}
        store={allStores ? ALL_STORES : storeId ?? undefined}
        stores={stores}
        onStore={onStore}
        canExport={canExport}
        exporting={exporting}
        onExport={() => void onExport()}
        onRefresh={() => void queryClient.invalidateQueries({ queryKey: [REPORTS_KEY] })}
      />
      <div className="report-print-title">
        <h2>{t(`report.names.${tab}`)}</h2>
        <p>{t('report.toolbar.printedAt', { store: scopeName, from: filter.dateFrom, to: filter.dateTo, time: dayjs().format('YYYY-MM-DD HH:mm') })}</p>
      </div>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as ReportName)}
        items={REPORTS.map((name) => ({ key: name, label: <span data-testid={`report-tab-${name}`}>{t(`report.names.${name}`)}</span> }))}
      />
      {/* Only the open report is mounted: each tab asks for its figures when it is opened. */}
      {filter.storeId || allStores ? <div data-testid={`report-${tab}`}><View filter={filter} /></div> : null}
    </Card>
  );
}
