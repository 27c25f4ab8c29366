/**
 * English and Bangla for the file viewer and the PDF viewer: their own catalogue, so that it arrives
 * with the screens that show files and not with every first load.
 */
import { defineMessages } from '../../lib/i18n';

export const fileViewerMessages = defineMessages(
  {
    fileLoading: 'Loading the document…',
    fileFailed: 'The document could not be loaded.',
    download: 'Download',
    pdfLoading: 'Opening the PDF…',
    pdfFailed: 'This PDF cannot be shown here.',
    pdfDownload: 'Download the PDF to open it on your phone',
    pdfPage: '{name}, page {page} of {total}',
    pageOf: 'Page {page} of {total}',
  },
  {
    fileLoading: 'নথিটি লোড হচ্ছে…',
    fileFailed: 'নথিটি লোড করা যায়নি।',
    download: 'ডাউনলোড করুন',
    pdfLoading: 'পিডিএফ খোলা হচ্ছে…',
    pdfFailed: 'এই পিডিএফটি এখানে দেখানো যাচ্ছে না।',
    pdfDownload: 'ফোনে খুলতে পিডিএফটি ডাউনলোড করুন',
    pdfPage: '{name}, পৃষ্ঠা {page} / {total}',
    pageOf: 'পৃষ্ঠা {page} / {total}',
  },
);
