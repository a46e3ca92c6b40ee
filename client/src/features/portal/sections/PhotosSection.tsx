import { Images, Trash2 } from 'lucide-react';
import { useState } from 'react';
import {
  CAPTION_MAX,
  PHOTO_FILE_FIELD,
  PHOTO_MAX_BYTES,
  type OwnPhoto,
  type PhotoStatus,
} from '@shared/schemas/photos';
import { useProgressiveForm } from '@/components/form';
import { QueryView } from '@/components/query-view';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { describedBy, Field } from '@/components/ui/field';
import { InlineFormActions } from '@/components/ui/inline-form-actions';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { ApiError, messageOf } from '@/lib/api';
import { toastProblem } from '@/components/ui/toast-problem';
import { CardHeading, SectionHeader } from '../components/parts';
import { useDeletePhoto, useOwnPhotos, useUpdateCaption, useUploadPhoto } from '../photos-api';
import { TextField } from '@/components/form/text-field';

/**
 * The contractor's photos (issue 24, docs/decisions/0110-contractor-photos.md): upload a logo or a
 * project photo with a caption, see each one's review status (and a rejection's reason), change a
 * caption (which sends the photo back to review), delete; "x of 20" project photos.
 */

const STATUS: Record<PhotoStatus, { label: string; variant: 'success' | 'warning' | 'destructive' }> = {
  pending: { label: 'Waiting for review', variant: 'warning' },
  approved: { label: 'Approved', variant: 'success' },
  rejected: { label: 'Rejected', variant: 'destructive' },
};

const ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,.heic,.heif';

function UploadForm({ full }: { full: boolean }) {
  const upload = useUploadPhoto();
  const form = useProgressiveForm({
    schema: () => import('@shared/schemas/photos').then((m) => m.photoUploadFieldsSchema),
    fallback: 'Failed to upload the photo',
    onProblem: toastProblem('Upload failed'),
    onValid: async (values, el) => {
      const file = new FormData(el).get(PHOTO_FILE_FIELD);
      if (!(file instanceof File) || file.size === 0)
        throw new ApiError(400, '400: no file', 'Choose a photo to upload', { [PHOTO_FILE_FIELD]: 'Choose a photo' });
      const body = new FormData();
      body.set('kind', values.kind);
      body.set('caption', values.caption);
      body.set(PHOTO_FILE_FIELD, file);
      await upload.mutateAsync(body);
      form.reset();
      toast({ title: 'Photo uploaded', description: 'It shows on your listing once an administrator approves it.' });
    },
  });
  return (
    <Card>
      <CardHeading icon={<Images className="h-5 w-5 text-primary" aria-hidden="true" />} title="Add a photo" />
      <form
        method="post"
        action="/api/contractor/photos"
        encType="multipart/form-data"
        {...form.props}
        className="grid gap-4 p-5 pt-0 sm:grid-cols-2"
      >
        <Field
          id="photo-file"
          label="Photo"
          error={form.errors[PHOTO_FILE_FIELD]}
          hint={`JPEG, PNG, WebP or HEIC, at most ${PHOTO_MAX_BYTES / 1024 / 1024} MB.`}
          className="sm:col-span-2"
        >
          <Input
            id="photo-file"
            name={PHOTO_FILE_FIELD}
            type="file"
            accept={ACCEPT}
            className="py-1.5"
            {...describedBy('photo-file', form.errors[PHOTO_FILE_FIELD])}
          />
        </Field>
        <Field id="photo-kind" label="Kind" error={form.errors.kind}>
          <NativeSelect {...form.control('kind', 'photo-kind')} defaultValue={full ? 'logo' : 'project'}>
            <option value="project" disabled={full}>
              Project photo
            </option>
            <option value="logo">Logo</option>
          </NativeSelect>
        </Field>
        <TextField
          form={form}
          name="caption"
          id="photo-caption"
          label="Caption (optional)"
          hint="Shown under the photo, e.g. 'New kitchen with maple cabinets'."
          maxLength={CAPTION_MAX}
        />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={form.pending}>
            {form.pending ? 'Uploading...' : 'Upload'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function CaptionForm({ photo, onDone }: { photo: OwnPhoto; onDone: () => void }) {
  const update = useUpdateCaption();
  const id = `caption-${photo.id}`;
  const form = useProgressiveForm({
    schema: () => import('@shared/schemas/photos').then((m) => m.photoCaptionSchema),
    defaultValues: { caption: photo.caption },
    fallback: 'Failed to save the caption',
    onProblem: toastProblem('Error'),
    onValid: async (values) => {
      await update.mutateAsync({ id: photo.id, caption: values.caption });
      toast({
        title: 'Caption saved',
        description: values.caption === photo.caption ? undefined : 'The photo waits for review again.',
      });
      onDone();
    },
  });
  return (
    <form {...form.props} className="grid gap-2">
      <TextField form={form} name="caption" id={id} label="Caption" maxLength={CAPTION_MAX} />
      <InlineFormActions pending={form.pending} submit="Save" onCancel={onDone} />
    </form>
  );
}

function PhotoItem({ photo }: { photo: OwnPhoto }) {
  const [editing, setEditing] = useState(false);
  const remove = useDeletePhoto();
  const status = STATUS[photo.status];
  const name = photo.kind === 'logo' ? 'Logo' : photo.caption || 'Project photo';
  return (
    <li className="grid content-start gap-2 rounded-lg border p-3" data-testid="own-photo">
      <img
        src={photo.src}
        width={photo.width}
        height={photo.height}
        alt={name}
        className={
          photo.kind === 'logo' ? 'h-32 w-full object-contain' : 'aspect-[4/3] h-auto w-full rounded object-cover'
        }
        loading="lazy"
      />
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={status.variant}>{status.label}</Badge>
        {photo.kind === 'logo' && <Badge variant="outline">Logo</Badge>}
      </div>
      {photo.status === 'rejected' && photo.rejectionReason && (
        <p className="text-sm text-destructive">{`Reason: ${photo.rejectionReason}`}</p>
      )}
      {editing ? (
        <CaptionForm photo={photo} onDone={() => setEditing(false)} />
      ) : (
        <>
          {photo.kind === 'project' && (
            <p className="text-sm">{photo.caption || <span className="text-muted-foreground">No caption</span>}</p>
          )}
          <div className="flex flex-wrap gap-2">
            {photo.kind === 'project' && (
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() => setEditing(true)}
                aria-label={`Edit caption of ${name}`}
              >
                Edit caption
              </Button>
            )}
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={remove.isPending}
              aria-label={`Delete ${name}`}
              onClick={() => {
                if (!window.confirm(`Delete this ${photo.kind === 'logo' ? 'logo' : 'photo'}? This cannot be undone.`))
                  return;
                remove.mutate(photo.id, {
                  onSuccess: () => toast({ title: 'Photo deleted' }),
                  onError: (e) =>
                    toast({
                      title: 'Error',
                      description: messageOf(e, 'Failed to delete the photo'),
                      variant: 'destructive',
                    }),
                });
              }}
              icon={Trash2}
            >
              Delete
            </Button>
          </div>
        </>
      )}
    </li>
  );
}

export function PhotosSection() {
  const photos = useOwnPhotos();
  return (
    <div className="grid gap-6">
      <SectionHeader
        title="Photos"
        description="Your logo and up to 20 project photos. Each shows on your listing and in the county's project gallery once an administrator approves it."
      />
      <QueryView query={photos} what="photos" retry="refetch">
        {(data) => (
          <>
            <p
              className="text-sm font-medium"
              data-testid="photo-count"
            >{`${data.projectCount} of ${data.projectMax} project photos`}</p>
            <UploadForm full={data.projectCount >= data.projectMax} />
            {data.photos.length === 0 ? (
              <p className="text-muted-foreground">No photos yet.</p>
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {data.photos.map((p) => (
                  <PhotoItem key={p.id} photo={p} />
                ))}
              </ul>
            )}
          </>
        )}
      </QueryView>
    </div>
  );
}
