import { useState, type ReactNode } from 'react';
import { createPortal, flushSync } from 'react-dom';

export interface PrintJob {
  /** The tab's title while printing: browsers offer it as the PDF's file name. */
  documentTitle: string;
  content: ReactNode;
}

const PRINTING_CLASS = 'reports-printing';

/**
 * Browser printing of a document that is not on the screen (§2 'Gerar PDF', the statistics'
 * print buttons): the content is mounted (synchronously, so it is in the page when the print
 * dialog snapshots it) in a `.report-print` element directly under <body>, the print
 * stylesheet shows only it, and the tab is renamed for the file name meanwhile.
 */
export function usePrint(): { print: (job: PrintJob) => void; printArea: ReactNode } {
  const [job, setJob] = useState<PrintJob | null>(null);

  const print = (next: PrintJob) => {
    flushSync(() => setJob(next));
    const title = document.title;
    document.title = next.documentTitle;
    document.body.classList.add(PRINTING_CLASS);
    try {
      window.print();
    } finally {
      document.body.classList.remove(PRINTING_CLASS);
      document.title = title;
      setJob(null);
    }
  };

  return {
    print,
    printArea: job ? createPortal(<div className="report-print">{job.content}</div>, document.body) : null,
  };
}
