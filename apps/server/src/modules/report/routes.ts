import type { FastifyPluginAsync } from 'fastify';
import { businessDateOf, REPORT_NAMES, reportEndpoints, REPORTS, type ReportName } from '@canteen/contract';
import { serve } from '../../http/endpoint.js';
import { sheetsOf } from './export/layouts.js';
import { xlsxStream } from './export/xlsx.js';
import type { Reports } from './reports.js';
import { reportStores, requestAccess, type ReportStores } from './scope.js';
import { todayReport } from './today.js';
import { contentDisposition } from '../../http/files.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The export's time stamp in the store's time zone (YYYY-MM-DD HH:mm). */
const localTime = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);

/**
 * 营业报表's routes (report:sales:index, export with report:sales:export): one GET per report
 * over a store or every store the user may see, the .xlsx export of any of them, the home
 * page's today. Another store's id answers 404.
 */
/** The moment asked and its business date in the stores' time zone and cut-off. */
function nowOf(stores: ReportStores, at = new Date()) {
  return { at, date: businessDateOf(at, stores.timeZone, stores.dayCutoffHour) };
}

export function reportRoutes(reports: Reports): FastifyPluginAsync {
  return async (app) => {
    const db = app.database.db;
    for (const name of REPORTS) {
      serve(app, reportEndpoints[name], async ({ query }, request) => {
        const stores = await reportStores(db, await requestAccess(request), query.storeId);
        return reports.report(name, { stores: stores.set, dateFrom: query.dateFrom, dateTo: query.dateTo, now: nowOf(stores) });
      });
    }

    serve(app, reportEndpoints.today, async ({ query }, request) => todayReport(reports, await reportStores(db, await requestAccess(request), query.storeId)));

    serve(app, reportEndpoints.export, async ({ params, query }, request, reply) => {
      const name: ReportName = params.report;
      const stores = await reportStores(db, await requestAccess(request), query.storeId);
      const data = await reports.report(name, { stores: stores.set, dateFrom: query.dateFrom, dateTo: query.dateTo, now: nowOf(stores) });
      const title = `营业报表-${REPORT_NAMES[name]}`;
      const sheets = sheetsOf(name, data);
      const stream = xlsxStream({ title, storeName: stores.name, dateFrom: query.dateFrom, dateTo: query.dateTo, exportedAt: localTime(new Date(), stores.timeZone) }, sheets);
      return reply
        .type(XLSX)
        .header('content-disposition', contentDisposition('attachment', `${title}-${stores.name}-${query.dateFrom}至${query.dateTo}.xlsx`))
        .header('cache-control', 'no-store')
        .send(stream);
    });
  };
}
