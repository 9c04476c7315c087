// The desktop's camera and microphone pickers over the live video (a phone flips the camera instead).
import type { ReactNode } from 'react';
import { Box, MenuItem, Select } from '@mui/material';
import MicOutlinedIcon from '@mui/icons-material/MicOutlined';
import VideocamOutlinedIcon from '@mui/icons-material/VideocamOutlined';
import { glass } from './glass';

export interface DevicePickersProps {
  cameras: MediaDeviceInfo[];
  mics: MediaDeviceInfo[];
  cameraId: string;
  micId: string;
  onCamera: (id: string) => void;
  onMic: (id: string) => void;
}

export function DevicePickers({ cameras, mics, cameraId, micId, onCamera, onMic }: DevicePickersProps) {
  if (cameras.length === 0 && mics.length === 0) return null;
  return (
    <Box sx={{ position: 'absolute', top: { xs: 96, sm: 64 }, right: 12, display: 'flex', flexDirection: 'column', gap: 1, width: 240 }}>
      {cameras.length > 0 ? (
        <DeviceSelect icon={<VideocamOutlinedIcon fontSize="small" />} label="Camera" testId="publisher-camera" devices={cameras} value={cameraId} onChange={onCamera} />
      ) : null}
      {mics.length > 0 ? (
        <DeviceSelect icon={<MicOutlinedIcon fontSize="small" />} label="Microphone" testId="publisher-mic" devices={mics} value={micId} onChange={onMic} />
      ) : null}
    </Box>
  );
}

function DeviceSelect({ icon, label, devices, value, onChange, testId }: { icon: ReactNode; label: string; devices: MediaDeviceInfo[]; value: string; onChange: (id: string) => void; testId: string }) {
  return (
    <Select
      size="small"
      value={devices.some((d) => d.deviceId === value) ? value : ''}
      displayEmpty
      onChange={(e) => onChange(String(e.target.value))}
      inputProps={{ 'aria-label': label, 'data-testid': testId }}
      startAdornment={<Box sx={{ display: 'flex', mr: 1 }}>{icon}</Box>}
      sx={{ ...glass, fontSize: 13, '& .MuiSelect-icon': { color: '#fff' }, '& fieldset': { borderColor: 'rgba(255,255,255,.3)' } }}
      MenuProps={{ sx: { zIndex: 1400 } }}
    >
      <MenuItem value="" disabled>
        {label}
      </MenuItem>
      {devices.map((d, i) => (
        <MenuItem key={d.deviceId || i} value={d.deviceId}>
          {d.label || `${label} ${i + 1}`}
        </MenuItem>
      ))}
    </Select>
  );
}
