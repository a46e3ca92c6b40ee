import { useState } from 'react';
import { useRegion } from '@/lib/region';
import { PHOTO_REJECTION_MAX, type AdminPhoto, type PhotoStatus } from '@shared/schemas/photos';
import { useProgressiveForm } from '@/components/form';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { InlineFormActions } from '@/components/ui/inline-form-actions';
import { Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime, plural } from '@/lib/format';
import { AdminList } from './components/AdminList';
import { DecisionButton } from './components/DecisionButton';
import { StatusQueue, type QueueTab } from './components/StatusQueue';
import { PageHeader } from './components/PageHeader';
import { useAdminPhotos, useDecidePhoto } from './photos-api';
import { toastError } from '@/components/ui/toast-problem';

const VIEWS: QueueTab<PhotoStatus>[] = [
  { value: 'pending', label: 'Waiting for review' },
  { value: 'approved', label: 'Approved' },
];

function RejectForm({ photo, onDone }: { photo: AdminPhoto; onDone: () => void }) {
  const decide = useDecidePhoto();
  const id = `reject-${photo.id}`;
  const form = useProgressiveForm({
    schema: () => import('@shared/schemas/photos').then((m) => m.photoRejectionSchema),
    fallback: 'Failed to reject the photo',
    onValid: async (values) => {
      await decide.mutateAsync({ id: photo.id, reject: { reason: values.reason } });
      toast({
        title: photo.status === 'approved' ? 'Photo taken down' : 'Photo rejected',
        description: `${photo.contractorName} is emailed the reason.`,
      });
      onDone();
    },
  });
  return (
    <form {...form.props} className="grid gap-2">
      {form.problem && <p className="text-sm text-destructive">{form.problem}</p>}
      <Field id={id} label="Reason (sent to the contractor)" error={form.errors.reason}>
        <Textarea rows={2} maxLength={PHOTO_REJECTION_MAX} {...form.control('reason', id)} />
      </Field>
      <InlineFormActions
        pending={form.pending}
        submit={photo.status === 'approved' ? 'Take down' : 'Reject'}
        sending="Sending..."
        variant="destructive"
        onCancel={onDone}
      />
    </form>
  );
}

function PhotoCard({ photo }: { photo: AdminPhoto }) {
  const [rejecting, setRejecting] = useState(false);
  const decide = useDecidePhoto();
  const region = useRegion();
  const what = photo.kind === 'logo' ? 'logo' : 'project photo';
  const subject = `${photo.contractorName}'s ${what}`;
  return (
    <Card className="grid content-start gap-3 p-4" data-testid="review-photo">
      <a
        href={photo.variants.filter((v) => v.format === 'webp').at(-1)?.url ?? photo.src}
        target="_blank"
        rel="noreferrer"
        className="block"
      >
        <img
          src={photo.src}
          width={photo.width}
          height={photo.height}
          alt={`${subject}${photo.caption ? `: ${photo.caption}` : ''}`}
          loading="lazy"
          className={
            photo.kind === 'logo' ? 'h-40 w-full object-contain' : 'aspect-[4/3] h-auto w-full rounded object-cover'
          }
        />
      </a>
      <div className="grid gap-1">
        <p className="font-semibold">{photo.contractorName}</p>
        <div className="flex flex-wrap gap-2">
          <Badge variant="outline">{photo.kind === 'logo' ? 'Logo' : 'Project photo'}</Badge>
        </div>
        {photo.caption && <p className="text-sm">{photo.caption}</p>}
        <p className="text-xs text-muted-foreground">{`Uploaded ${formatDateTime(photo.createdAt, region.timeZone)}`}</p>
      </div>
      {rejecting ? (
        <RejectForm photo={photo} onDone={() => setRejecting(false)} />
      ) : (
        <div className="flex flex-wrap gap-2">
          {photo.status === 'pending' && (
            <DecisionButton
              decision="Approve"
              subject={subject}
              disabled={decide.isPending}
              onClick={() =>
                decide.mutate(
                  { id: photo.id, reject: null },
                  {
                    onSuccess: () =>
                      toast({
                        title: 'Photo approved',
                        description: `It now shows on ${photo.contractorName}'s listing.`,
                      }),
                    onError: (e) => toastError(e, 'Failed to approve the photo'),
                  },
                )
              }
            />
          )}
          <DecisionButton
            decision={photo.status === 'approved' ? 'Take down' : 'Reject'}
            subject={subject}
            onClick={() => setRejecting(true)}
          />
        </div>
      )}
    </Card>
  );
}

/** /admin/photos: photos of the contractors serving the administrator's counties, to approve or reject with a reason; approved ones can be taken down. */
export default function PhotosPage() {
  return (
    <div>
      <PageHeader
        title="Photos"
        description="Logos and project photos are public only once approved. The contractor is emailed either way."
        path="/admin/photos"
      />
      <StatusQueue tabs={VIEWS} initial="pending" label="Which photos" perRow={2} useItems={useAdminPhotos}>
        {({ filter, query }) => (
          <AdminList
            query={query}
            what="photos"
            items={(data) => data}
            itemKey={(p) => p.id}
            empty={
              <p className="p-6 text-center text-muted-foreground">
                {filter === 'pending' ? 'No photos waiting for review.' : 'No approved photos.'}
              </p>
            }
            count={(data) =>
              filter === 'pending'
                ? `${plural(data.length, 'photo')} waiting, oldest first`
                : plural(data.length, 'approved photo')
            }
            listLabel="Photos"
            item={(p) => <PhotoCard photo={p} />}
          />
        )}
      </StatusQueue>
    </div>
  );
}
