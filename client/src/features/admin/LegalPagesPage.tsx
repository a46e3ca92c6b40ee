import { ExternalLink } from 'lucide-react';
import { LEGAL_PAGE_MAX, LEGAL_PLACEHOLDERS } from '@shared/legal-pages';
import type { AdminLegalPageDto } from '@shared/schemas/legal-pages';
import { useProgressiveForm } from '@/components/form';
import { QueryView } from '@/components/query-view';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FormNotice } from '@/components/ui/form-notice';
import { Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { PageHeader } from './components/PageHeader';
import { useLegalPages, useSaveLegalPage } from './legal-pages-api';

/** One page's markdown, saved for every county's site. */
function LegalPageForm({ page }: { page: AdminLegalPageDto }) {
  const save = useSaveLegalPage(page.slug);
  const id = `legal-${page.slug}`;
  const form = useProgressiveForm({
    schema: () => import('@shared/schemas/legal-pages').then((m) => m.legalPageEditSchema),
    defaultValues: { markdown: page.markdown },
    fallback: `Failed to save the ${page.title}. Please try again.`,
    onValid: async (data) => {
      await save.mutateAsync(data);
      toast({ title: `${page.title} saved`, description: `Every county's site shows it at /${page.slug}.` });
    },
  });
  return (
    <Card>
      <CardContent className="grid gap-4 p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">{page.title}</h2>
          <div className="flex items-center gap-3">
            {page.isDefault ? <Badge variant="secondary">Default text</Badge> : <Badge variant="outline">Edited</Badge>}
            <a
              href={`/${page.slug}`}
              target="_blank"
              rel="noopener"
              className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              {`View /${page.slug}`}
              <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
            </a>
          </div>
        </div>
        <form {...form.props} className="grid gap-3" aria-label={`Edit the ${page.title}`}>
          {form.problem && <FormNotice variant="destructive" title="Error" description={form.problem} />}
          <Field
            id={id}
            label="Markdown"
            error={form.errors.markdown}
            hint={`Headings (##), lists, links and bold; HTML is not shown. ${LEGAL_PLACEHOLDERS.join(', ')} become each county's site name, county, contact email and LEAD_RETENTION_DAYS.`}
          >
            <Textarea
              rows={18}
              maxLength={LEGAL_PAGE_MAX}
              className="font-mono text-sm"
              {...form.control('markdown', id)}
            />
          </Field>
          <Button type="submit" className="justify-self-start" disabled={form.pending}>
            {form.pending ? 'Saving...' : `Save ${page.title}`}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** /admin/legal-pages (docs/decisions/0114-homeowner-privacy.md): the platform administrator edits /privacy and /terms. */
export default function LegalPagesPage() {
  const query = useLegalPages();
  return (
    <>
      <PageHeader
        title="Legal Pages"
        description="The Privacy Policy and the Terms of Use, shown on every county's site with its own name filled in."
        path="/admin/legal-pages"
      />
      <QueryView query={query} what="legal pages">
        {(pages) => (
          <div className="grid gap-6">
            {pages.map((page) => (
              <LegalPageForm key={`${page.slug}-${page.updatedAt ?? 'default'}`} page={page} />
            ))}
          </div>
        )}
      </QueryView>
    </>
  );
}
