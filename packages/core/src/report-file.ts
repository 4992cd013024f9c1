// The report file of a completed VIN order (spec §2: the order's download). The API writes it once when the order
// completes and answers it byte for byte; the admin screen saves what it downloads in the same form.

/** The file's text: the report as JSON, indented by two spaces, with a final newline. */
export function formatReportFile(report: unknown): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

/** A name the admin recognises in the downloads folder: the VIN and the order number. */
export function reportFileName(order: { id: number; string: string }): string {
  return `report-${order.string}-${order.id}.json`;
}
