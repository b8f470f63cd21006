import { Download } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { lotsImportSchema } from '@/domain/portfolio/portfolio.schema';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { FormAlert } from '@/web/components/ui/form-alert';
import { refusal, useSchemaForm } from '@/web/lib/form';
import { toast } from '@/web/lib/toast';
import { ApiError } from '@/web/lib/api-client';
import { downloadLots, useImportLots } from '../api/portfolio';

/** The columns of `LOT_COLUMNS` (lots-csv.ts, which would bring its CSV parser to the page). */
const COLUMNS = 'amount_xrp, acquired_on, cost_usd_per_xrp, note';

/** The file picker's check: one file chosen (its text is checked with the API's own rule when read). */
const importFormSchema = z.object({
  file: z
    .custom<FileList | null | undefined>()
    .refine((files) => files?.length === 1, 'Choose a CSV file to import')
    .transform((files) => files![0]!),
});

/**
 * Import lots from a CSV file (all or nothing: a bad line refuses the whole file, and each problem is
 * listed with its line) and export them as the same kind of file.
 */
export function LotsFile() {
  const importer = useImportLots();
  const [downloading, setDownloading] = useState(false);
  const form = useSchemaForm(importFormSchema, { file: undefined });
  const { errors } = form.formState;
  const problems = importer.error instanceof ApiError ? importer.error.issues : [];
  const submit = form.handleSubmit(async ({ file }) => {
    const read = lotsImportSchema.safeParse({ csv: await file.text() });
    if (!read.success) {
      form.setError('file', { message: read.error.issues[0]?.message ?? 'This file cannot be read' });
      return;
    }
    importer.mutate(read.data.csv, {
      onSuccess: () => form.reset({ file: undefined }),
      onError: (failure) => form.setError('root', refusal(failure)),
    });
  });
  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={submit} noValidate aria-label="Import holdings" className="flex flex-col gap-3">
        {errors.root && (
          <FormAlert>
            <p>{errors.root.message}</p>
            {problems.length > 0 && (
              <ul className="list-disc pl-5" aria-label="Problems in the file">
                {problems.map((problem, index) => (
                  <li key={`${problem.path}-${index}`}>
                    <span className="font-medium">{problem.path.replace(/^line/, 'Line')}</span>:{' '}
                    {problem.message}
                  </li>
                ))}
              </ul>
            )}
          </FormAlert>
        )}
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-56 flex-1">
            <Field
              id="lots-import-file"
              label="CSV file"
              type="file"
              accept=".csv,text/csv"
              className="h-auto file:mr-3 file:border-0 file:bg-transparent file:text-sm file:font-medium"
              hint={`Columns: ${COLUMNS}, with a header line first; only amount_xrp is required.`}
              error={errors.file?.message}
              {...form.register('file')}
            />
          </div>
          <Button
            type="submit"
            variant="outline"
            disabled={importer.isPending || form.formState.isSubmitting}
          >
            {importer.isPending ? 'Importing...' : 'Import CSV'}
          </Button>
        </div>
      </form>
      <div>
        <Button
          variant="outline"
          disabled={downloading}
          onClick={() => {
            setDownloading(true);
            downloadLots()
              .catch((error: unknown) =>
                toast.error('Export failed', { description: (error as Error).message }),
              )
              .finally(() => setDownloading(false));
          }}
        >
          <Download aria-hidden="true" /> {downloading ? 'Preparing...' : 'Export CSV'}
        </Button>
      </div>
    </div>
  );
}
