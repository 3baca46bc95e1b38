import { PassThrough, type Readable } from 'node:stream';
import type { CellFormat, Sheet } from './layouts.js';

/** The filters a report was asked with, written above every sheet's table. */
export interface ExportFilters {
  title: string;
  storeName: string;
  dateFrom: string;
  dateTo: string;
  exportedAt: string;
}

const NUMBER_FORMATS: Record<CellFormat, string | undefined> = {
  text: undefined,
  number: '#,##0.###',
  // Money is written in yuan (fen ÷ 100), shown with the yuan sign.
  money: '"¥"#,##0.00',
  percent: '0.0"%"',
};

const cellValue = (value: string | number, format: CellFormat) => (format === 'money' && typeof value === 'number' ? value / 100 : value);

/**
 * Streams a workbook: each sheet starts with its filters (report, store, business dates, when
 * exported), a blank row, then the header and the rows, committed row by row so a long range
 * never sits in memory whole (exceljs's streaming WorkbookWriter). Answers the stream at once;
 * the writing goes on as it is read, and an error destroys the stream.
 */
export function xlsxStream(filters: ExportFilters, sheets: Sheet[]): Readable {
  const out = new PassThrough();
  const write = async () => {
    // exceljs is loaded on the first export, not at boot: it holds some 15 MB the idle server does not need.
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    workbook.creator = 'Canteen';
    for (const sheet of sheets) {
      const ws = workbook.addWorksheet(sheet.name);
      ws.columns = sheet.columns.map((c) => ({ width: c.width ?? 12 }));
      const heading = ws.addRow([filters.title]);
      heading.font = { bold: true, size: 14 };
      heading.commit();
      ws.addRow([`门店：${filters.storeName}`, `营业日期：${filters.dateFrom} 至 ${filters.dateTo}`, `导出时间：${filters.exportedAt}`]).commit();
      ws.addRow([]).commit();
      const header = ws.addRow(sheet.columns.map((c) => c.header));
      header.font = { bold: true };
      header.commit();
      let index = 0;
      for (const values of sheet.rows) {
        const rowFormat = sheet.rowFormats?.[index++];
        const formats = sheet.columns.map((c, i) => (rowFormat && i > 0 ? rowFormat : c.format));
        const row = ws.addRow(values.map((v, i) => cellValue(v, formats[i]!)));
        formats.forEach((format, i) => {
          const numFmt = NUMBER_FORMATS[format];
          if (numFmt) row.getCell(i + 1).numFmt = numFmt;
        });
        row.commit();
      }
      ws.commit();
    }
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
