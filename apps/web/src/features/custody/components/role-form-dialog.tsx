import {
  checkRoleName,
  custodyAssignablePermissions,
  custodyLimits,
  errorCatalogue,
  errorMessage,
  type CustodyRole,
  type CustodyRoleBody,
} from '@coffer/contract';
import { Checkbox, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/use-language';
import { DialogButtons, DialogError } from '../../../shared/ui/dialog-parts';
import { useSingleSubmit } from '../../../shared/ui/use-single-submit';
import { custodyRoleCalls } from '../api/custody-roles';
import { refusalOf } from './custody-org-parts';
import { useRoleLabels } from './custody-role-labels';
import styles from './custody-org.module.css';

type AssignablePermission = (typeof custodyAssignablePermissions)[number];
export interface RoleFormValues {
  name: string;
  description: string;
  permissions: AssignablePermission[];
}
const roleFields = ['name', 'description', 'permissions'] as const;

/** The body of a role's form: trimmed texts, permissions in the contract's order. */
export function roleBodyOf(values: RoleFormValues): CustodyRoleBody {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    permissions: custodyAssignablePermissions.filter((permission) => values.permissions.includes(permission)),
  };
}

function roleFieldOf(code: number | null): (typeof roleFields)[number] | null {
  return code === errorCatalogue.roleNameInvalid.code ? 'name' : null;
}

/**
 * Adds a custom role or edits one (spec §3, §5, §6): a name (not blank, at most 30 characters,
 * unique — the server's), a description and at least one of the assignable permissions.
 * `role` null adds. Resolves `onSaved` with the saved role; a refusal stays in the dialog.
 */
export function RoleFormDialog({
  open,
  role,
  onSaved,
  onCancel,
}: {
  open: boolean;
  role: CustodyRole | null;
  onSaved: (role: CustodyRole, mode: 'add' | 'edit') => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('custodyOrg');
  return (
    <Modal
      open={open}
      title={role ? t('roles.form.editTitle') : t('roles.form.addTitle')}
      onCancel={onCancel}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
      width={600}
    >
      <RoleForm role={role} onSaved={onSaved} onCancel={onCancel} />
    </Modal>
  );
}

/** The form itself, mounted afresh each time the dialog opens (starting from `role`). */
function RoleForm({
  role,
  onSaved,
  onCancel,
}: {
  role: CustodyRole | null;
  onSaved: (role: CustodyRole, mode: 'add' | 'edit') => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('custodyOrg');
  const language = useLanguage();
  const labels = useRoleLabels();
  const [form] = Form.useForm<RoleFormValues>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const initialValues: RoleFormValues = role
    ? {
        name: role.name,
        description: role.description,
        permissions: custodyAssignablePermissions.filter((permission) => role.permissions.includes(permission)),
      }
    : { name: '', description: '', permissions: [] };

  const { isPending, submit } = useSingleSubmit(async (values: RoleFormValues) => {
    setRefusal(null);
    const body = roleBodyOf(values);
    try {
      const saved = role ? await custodyRoleCalls.edit(role.id, body) : await custodyRoleCalls.add(body);
      onSaved(saved, role ? 'edit' : 'add');
    } catch (error) {
      const { field, message } = refusalOf(error, roleFieldOf, roleFields);
      if (field) form.setFields([{ name: field, errors: [message] }]);
      else setRefusal(message);
      throw error;
    }
  });

  return (
    <Form<RoleFormValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={initialValues}
      onFinish={submit}
      data-testid="role-form"
    >
      <DialogError message={refusal} testId="role-form-error" />
      <Form.Item
        name="name"
        label={t('roles.form.name')}
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              const key = checkRoleName(value ?? '');
              if (key) throw new Error(errorMessage(key, language));
            },
          },
        ]}
      >
        <Input
          placeholder={t('roles.form.namePlaceholder')}
          count={{ show: true, max: custodyLimits.roleNameMaxChars }}
          data-testid="role-name"
        />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('roles.form.description')}
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              if ((value ?? '').trim().length > custodyLimits.roleDescriptionMaxChars) {
                throw new Error(t('roles.form.descriptionTooLong', { max: custodyLimits.roleDescriptionMaxChars }));
              }
            },
          },
        ]}
      >
        <Input.TextArea
          rows={3}
          placeholder={t('roles.form.descriptionPlaceholder')}
          count={{ show: true, max: custodyLimits.roleDescriptionMaxChars }}
          data-testid="role-description"
        />
      </Form.Item>
      <Form.Item
        name="permissions"
        label={t('roles.form.permissions')}
        rules={[
          {
            validator: async (_rule, value: AssignablePermission[] | undefined) => {
              if (!value || value.length === 0) throw new Error(t('roles.form.permissionsRequired'));
            },
          },
        ]}
      >
        <Checkbox.Group
          className={styles.permissions}
          options={custodyAssignablePermissions.map((permission) => ({
            value: permission,
            label: <span data-testid={`role-permission-${permission}`}>{labels.permission(permission)}</span>,
          }))}
        />
      </Form.Item>
      <DialogButtons
        isPending={isPending}
        onCancel={onCancel}
        cancelText={t('common.cancel')}
        submitText={role ? t('roles.form.save') : t('roles.form.add')}
        submitTestId="role-form-submit"
      />
    </Form>
  );
}
