import {
  type BookingOption,
  type FileAnswer,
  IMAGE_CONTENT_TYPES,
  MAX_UPLOAD_BYTES,
} from '@console/contract';
import { type ReactElement, type Ref, useState } from 'react';
import { Field } from '../../../../components/field.tsx';
import { type ControlProps, optionLabel } from './shared.tsx';
import '../../activities.css';

/** Attachments: a file or an image, read in the browser and sent as base64 within the upload limit. */

function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('could not read the file'));
    reader.readAsDataURL(file);
  });
}

const sizeOf = (file: FileAnswer) => {
  const bytes = Math.floor((file.data_base64.length * 3) / 4);
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
};

/** File and image answers: read in the browser and sent inline as base64 (decision 002), 2 MiB at most. */
function FileControl({
  option,
  value,
  onChange,
  error,
  inputRef,
}: {
  option: BookingOption;
  value: FileAnswer | null;
  onChange: (value: FileAnswer | null) => void;
  error: string | undefined;
  inputRef: Ref<HTMLInputElement>;
}) {
  const image = option.input_type === 8;
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Field
      label={optionLabel(option)}
      error={problem ?? error}
      description={[
        option.description_translated ?? option.description,
        image ? 'PNG, JPEG, GIF or WebP, up to 2 MB' : 'Up to 2 MB',
      ]
        .filter(Boolean)
        .join('. ')}
      className="field file-field"
    >
      {({ id, describedBy, invalid }) => (
        <>
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept={image ? IMAGE_CONTENT_TYPES.join(',') : undefined}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={async (event) => {
              const file = event.target.files?.[0];
              setProblem(null);
              if (!file) return onChange(null);
              if (file.size > MAX_UPLOAD_BYTES) {
                setProblem(`${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; the limit is 2 MB`);
                event.target.value = '';
                return onChange(null);
              }
              try {
                onChange({
                  file_name: file.name,
                  content_type: file.type || 'application/octet-stream',
                  data_base64: await readAsBase64(file),
                });
              } catch {
                setProblem(`${file.name} could not be read; choose it again`);
                onChange(null);
              }
            }}
          />
          {value && (
            <span className="file-chosen small">
              {image && value.content_type.startsWith('image/') && (
                <img
                  src={`data:${value.content_type};base64,${value.data_base64}`}
                  alt=""
                  className="thumb"
                />
              )}
              {value.file_name} · {sizeOf(value)}
            </span>
          )}
        </>
      )}
    </Field>
  );
}

function FileField({ option, field, fieldError, value }: ControlProps) {
  return (
    <FileControl
      option={option}
      value={value && typeof value === 'object' && 'data_base64' in value ? value : null}
      onChange={field.onChange}
      error={fieldError?.message}
      inputRef={field.ref}
    />
  );
}

export const FILE_CONTROLS = {
  file: (p) => <FileField {...p} />,
  image: (p) => <FileField {...p} />,
} satisfies Record<'file' | 'image', (p: ControlProps) => ReactElement>;
