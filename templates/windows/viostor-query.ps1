# What virt-tune asks a Windows guest whose QEMU guest agent lacks guest-get-devices (qemu-ga
# before 5.2): which driver Windows bound to each virtio-blk PCI device. virt-tune runs it through
# guest-exec (powershell.exe -EncodedCommand); an operator may run it by hand to see the same.
# Windows PowerShell 2.0 or later (Windows 7, Server 2008 R2). It only reads WMI.
#
# Output: the line 'virt-tune-viostor-query 1', then one line per virtio-blk device
# (PCI\VEN_1AF4&DEV_1001 transitional, PCI\VEN_1AF4&DEV_1042 modern), listed even without a driver:
#   DeviceID|service|ConfigManagerErrorCode|driver version
# The service is the driver's service name (viostor), empty when none is bound; error code 0 means
# the device works, 28 that no driver is installed for it.
$ErrorActionPreference = 'Stop'
'virt-tune-viostor-query 1'
Get-WmiObject Win32_PnPEntity |
  Where-Object { $_.DeviceID -like 'PCI\VEN_1AF4&DEV_1001*' -or $_.DeviceID -like 'PCI\VEN_1AF4&DEV_1042*' } |
  ForEach-Object {
    # WQL string literals escape a backslash as two.
    $signed = Get-WmiObject Win32_PnPSignedDriver -Filter ("DeviceID='" + $_.DeviceID.Replace('\', '\\') + "'")
    $_.DeviceID + '|' + $_.Service + '|' + $_.ConfigManagerErrorCode + '|' + $signed.DriverVersion
  }
